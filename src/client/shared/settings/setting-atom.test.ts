import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { booleanSetting, settingAtom, stringSetting } from "./setting-atom.ts";
import { type SettingsStore, setSettingsStore } from "./settings-store.ts";

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const listeners = new Set<(key: string, value: string | undefined) => void>();
  const store: SettingsStore = {
    get: (key) => values.get(key),
    set: (key, value) => values.set(key, value),
    remove: (key) => values.delete(key),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (key: string, value: string | undefined) => {
    if (value === undefined) values.delete(key);
    else values.set(key, value);
    for (const listener of listeners) listener(key, value);
  };
  return { store, values, emit };
}

afterEach(() => {
  localStorage.clear();
});

describe("settingAtom", () => {
  it("reads the stored value at first use and writes through", () => {
    const { store, values } = memoryStore({ themeValue: "theme-light" });
    setSettingsStore(store);
    const theme = settingAtom("themeValue", "theme-dark", stringSetting(["theme-dark", "theme-light"] as const));
    const jotai = createStore();
    expect(jotai.get(theme)).toBe("theme-light");
    jotai.set(theme, "theme-dark");
    expect(values.get("themeValue")).toBe("theme-dark");
  });

  it("falls back to the default for values it does not know", () => {
    const { store } = memoryStore({ pinSide: "maybe" });
    setSettingsStore(store);
    const pin = settingAtom("pinSide", true, booleanSetting);
    expect(createStore().get(pin)).toBe(true);
  });

  it("follows values that arrive later from the host", () => {
    const { store, emit } = memoryStore();
    setSettingsStore(store);
    const pin = settingAtom("pinSide", true, booleanSetting);
    const jotai = createStore();
    const seen: boolean[] = [];
    const unsubscribe = jotai.sub(pin, () => seen.push(jotai.get(pin)));
    emit("pinSide", "false");
    expect(jotai.get(pin)).toBe(false);
    expect(seen).toEqual([false]);
    unsubscribe();
  });
});
