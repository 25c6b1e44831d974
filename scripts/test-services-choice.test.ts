import { describe, expect, it } from "vitest";
import { describeServices, servicesMode } from "./test-services-choice.ts";

describe("the test services line", () => {
  it("names throwaway services by their ports", () => {
    const line = describeServices(
      { kind: "embedded", url: "postgres://postgres:secret@127.0.0.1:54123/test", version: "17.6" },
      { kind: "embedded", url: "redis://127.0.0.1:63001" },
    );
    expect(line).toBe("test services: embedded PostgreSQL 17 on :54123, redis-server on :63001");
    expect(line).not.toContain("secret");
  });

  it("names servers that were already there by address and database", () => {
    const line = describeServices(
      { kind: "server", url: "postgres://postgres@127.0.0.1:5432/test", version: "15.20" },
      { kind: "server", url: "redis://127.0.0.1:6379" },
    );
    expect(line).toBe("test services: PostgreSQL 15 on 127.0.0.1:5432 (database test), Redis on 127.0.0.1:6379");
  });

  it("reads TEST_SERVICES, refusing values it does not know", () => {
    expect(servicesMode(undefined)).toBe("auto");
    expect(servicesMode("embedded")).toBe("embedded");
    expect(servicesMode(" Embedded ")).toBe("embedded");
    expect(() => servicesMode("docker")).toThrow(/TEST_SERVICES/);
  });
});
