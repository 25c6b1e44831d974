import { beforeEach, describe, expect, it } from "vitest";
import { getDeviceNo, resetDeviceNoCache } from "./device-no.ts";

beforeEach(() => {
  resetDeviceNoCache();
});

describe("device number", () => {
  it("is created once, persisted under deviceNo and reused", () => {
    const first = getDeviceNo();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem("deviceNo")).toBe(first);
    resetDeviceNoCache();
    expect(getDeviceNo()).toBe(first);
  });

  it("replaces a stored value that is not a valid device number", () => {
    localStorage.setItem("deviceNo", "bad value!");
    const created = getDeviceNo();
    expect(created).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem("deviceNo")).toBe(created);
  });
});
