import { describe, expect, it } from "vitest";
import { createNonceLanes } from "./nonce-lanes.ts";

/** a step that records when it starts and ends, and ends when the test lets it */
function gate(log: string[], name: string) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    step: async () => {
      log.push(`${name} start`);
      await opened;
      log.push(`${name} end`);
      return name;
    },
  };
}

/** lets every pending promise callback run */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("nonce lanes: one step at a time per wallet", () => {
  it("runs a wallet's steps one after another in the order asked, whatever the case of its address", async () => {
    const lanes = createNonceLanes(undefined);
    const log: string[] = [];
    const [a, b, c] = [gate(log, "a"), gate(log, "b"), gate(log, "c")];
    const address = "0x00000000000000000000000000000000000000aB";
    const runs = [
      lanes.run(address, a.step),
      lanes.run(address.toLowerCase(), b.step),
      lanes.run(address.toUpperCase().replace("0X", "0x"), c.step),
    ];
    await settle();
    expect(log).toEqual(["a start"]);
    c.open();
    b.open();
    await settle();
    expect(log).toEqual(["a start"]);
    a.open();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["a start", "a end", "b start", "b end", "c start", "c end"]);
  });

  it("runs the steps of different wallets side by side", async () => {
    const lanes = createNonceLanes(undefined);
    const log: string[] = [];
    const [a, b] = [gate(log, "a"), gate(log, "b")];
    const runs = [
      lanes.run("0x0000000000000000000000000000000000000001", a.step),
      lanes.run("0x0000000000000000000000000000000000000002", b.step),
    ];
    await settle();
    expect(log).toEqual(["a start", "b start"]);
    b.open();
    a.open();
    expect(await Promise.all(runs)).toEqual(["a", "b"]);
  });

  it("hands a failed step's error to its caller and lets the next step run", async () => {
    const lanes = createNonceLanes(undefined);
    const address = "0x0000000000000000000000000000000000000003";
    const failed = lanes.run(address, async () => {
      throw new Error("the node refused it");
    });
    const next = lanes.run(address, async () => "next");
    await expect(failed).rejects.toThrow("the node refused it");
    expect(await next).toBe("next");
  });
});
