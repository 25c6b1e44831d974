import { describe, expect, it, vi } from "vitest";
import { ChainSwitchError, switchToChain } from "./chain-switch.ts";

const BASE = {
  chainId: 8453,
  name: "Base",
  symbol: "ETH",
  decimals: 18,
  rpcUrl: "https://rpc.base.test",
  blockExplorerUrls: ["https://explorer.base.test"],
};

function wallet(answer: (method: string, chain: { id: number }) => unknown) {
  const chain = { id: 1 };
  const methods: string[] = [];
  const provider = {
    request: vi.fn(async ({ method }: { method: string; params?: readonly unknown[] }) => {
      methods.push(method);
      if (method === "eth_chainId") return `0x${chain.id.toString(16)}`;
      return answer(method, chain);
    }),
  };
  return { provider, methods };
}

const fail = (code: number) => Object.assign(new Error(`code ${code}`), { code });

describe("switchToChain", () => {
  it("does nothing when the wallet is on the chain already", async () => {
    const { provider, methods } = wallet(() => null);
    await switchToChain(provider, { ...BASE, chainId: 1 });
    expect(methods).toEqual(["eth_chainId"]);
  });

  it("adds the chain when the wallet does not know it (4902)", async () => {
    const { provider, methods } = wallet((method, chain) => {
      if (method === "wallet_switchEthereumChain") throw fail(4902);
      chain.id = 8453;
      return null;
    });
    await switchToChain(provider, BASE);
    expect(methods).toContain("wallet_addEthereumChain");
  });

  it("only logs a wallet without the method (-32601); the chain it reports decides", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { provider } = wallet(() => {
      throw fail(-32601);
    });
    await expect(switchToChain(provider, BASE)).rejects.toMatchObject({ failure: "wrongNetwork" });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("tells a refusal (4001) apart", async () => {
    const { provider } = wallet(() => {
      throw fail(4001);
    });
    const error = await switchToChain(provider, BASE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChainSwitchError);
    expect(error).toMatchObject({ failure: "rejected" });
  });

  it("never adds a chain known by id only: 4902 and -32601 are unknownChain, other failures wrongNetwork", async () => {
    for (const [code, failure] of [
      [4902, "unknownChain"],
      [-32601, "unknownChain"],
      [-32603, "wrongNetwork"],
      [4001, "rejected"],
    ] as const) {
      const { provider, methods } = wallet(() => {
        throw fail(code);
      });
      await expect(switchToChain(provider, { chainId: 56 })).rejects.toMatchObject({ failure });
      expect(methods).toEqual(["eth_chainId", "wallet_switchEthereumChain"]);
    }
  });
});
