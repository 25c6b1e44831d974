import { mockTelegramEnv } from "@telegram-apps/sdk-react";
import {
  resolveTelegramMockOptions,
  type TelegramMockHandle,
  type TelegramMockOptions,
  telegramMockRuntime,
} from "./telegram-mock-script.ts";

export interface TelegramMock extends TelegramMockHandle {
  /** removes the mock and the launch parameters the SDK stored */
  uninstall(): void;
}

/**
 * Makes this page believe it runs in Telegram, on the SDK's mockTelegramEnv: launch parameters in the SDK's
 * storage, Mini Apps method calls recorded and answered. For unit tests and development only; production code
 * reaches it only behind import.meta.env.DEV.
 */
export function installTelegramMock(options: TelegramMockOptions = {}): TelegramMock {
  const resolved = resolveTelegramMockOptions(options);
  // mockTelegramEnv wraps an existing proxy; a fresh one keeps repeated installs (test after test) apart.
  Reflect.deleteProperty(window, "TelegramWebviewProxy");
  const mock = telegramMockRuntime({ ...resolved, install: false });
  mockTelegramEnv({
    launchParams: resolved.launchParams,
    resetPostMessage: true,
    onEvent(event) {
      mock.handle(event[0], event[1]);
    },
  });
  return {
    ...mock,
    uninstall() {
      mock.stop();
      Reflect.deleteProperty(window, "TelegramWebviewProxy");
      Reflect.deleteProperty(window, "__telegramMock");
      for (const key of Object.keys(sessionStorage)) {
        if (key.startsWith("tapps/")) sessionStorage.removeItem(key);
      }
    },
  };
}
