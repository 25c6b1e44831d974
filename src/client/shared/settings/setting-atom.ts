import { atomWithStorage } from "jotai/utils";
import { settingsStore } from "./settings-store.ts";

export interface SettingCodec<T> {
  /** undefined when the stored text is not a valid value (another version, a hand edit) */
  parse(raw: string): T | undefined;
  serialize(value: T): string;
}

export const stringSetting = <T extends string>(allowed: readonly T[]): SettingCodec<T> => ({
  parse: (raw) => allowed.find((value) => value === raw),
  serialize: (value) => value,
});

export const booleanSetting: SettingCodec<boolean> = {
  parse: (raw) => (raw === "true" ? true : raw === "false" ? false : undefined),
  serialize: String,
};

/** any text; "" stands for "none" */
export const textSetting: SettingCodec<string> = {
  parse: (raw) => raw,
  serialize: (value) => value,
};

export const integerSetting: SettingCodec<number> = {
  parse: (raw) => (/^-?\d+$/.test(raw) ? Number(raw) : undefined),
  serialize: String,
};

/**
 * A jotai atom persisted through the settings store. It reads synchronously at first use, writes through,
 * and follows changes that arrive from the host (Telegram's cloud copy, another tab).
 */
export function settingAtom<T>(key: string, initial: T, codec: SettingCodec<T>) {
  return atomWithStorage<T>(
    key,
    initial,
    {
      getItem(itemKey, fallback) {
        const raw = settingsStore().get(itemKey);
        return raw === undefined ? fallback : (codec.parse(raw) ?? fallback);
      },
      setItem(itemKey, value) {
        settingsStore().set(itemKey, codec.serialize(value));
      },
      removeItem(itemKey) {
        settingsStore().remove(itemKey);
      },
      subscribe(itemKey, callback, fallback) {
        return settingsStore().subscribe((changedKey, raw) => {
          if (changedKey !== itemKey) return;
          callback(raw === undefined ? fallback : (codec.parse(raw) ?? fallback));
        });
      },
    },
    { getOnInit: true },
  );
}
