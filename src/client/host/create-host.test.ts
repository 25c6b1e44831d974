import { afterEach, describe, expect, it, vi } from "vitest";
import { createHost } from "./create-host.ts";
import type { Host } from "./host.ts";
import { installTelegramMock, type TelegramMock } from "./telegram-mock.ts";

let mock: TelegramMock | undefined;
let host: Host | undefined;

afterEach(() => {
  if (host && "dispose" in host && typeof host.dispose === "function") host.dispose();
  mock?.uninstall();
  host = undefined;
  mock = undefined;
  Reflect.deleteProperty(window, "TelegramWebviewProxy");
  sessionStorage.clear();
  document.documentElement.removeAttribute("style");
});

describe("createHost", () => {
  it("gives a plain browser the browser host", async () => {
    host = await createHost();
    expect(host.kind).toBe("browser");
  });

  it("gives Telegram the Telegram host", async () => {
    mock = installTelegramMock({ platform: "tdesktop" });
    host = await createHost();
    expect(host.kind).toBe("telegram");
    expect(host.platform).toBe("tdesktop");
  });

  it("falls back to the browser host when the SDK cannot start", async () => {
    // A native bridge but no launch parameters: the SDK's init() throws.
    Reflect.set(window, "TelegramWebviewProxy", { postEvent: () => undefined });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    host = await createHost();
    expect(host.kind).toBe("browser");
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("Telegram SDK could not start"), expect.anything());
    logged.mockRestore();
  });
});
