import { describe, expect, it } from "vitest";
import { payWithWallet, type WalletPayFailure } from "./wallet-transfer.ts";

const PAYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const TOKEN = "0x55d398326f99059fF775485246999027B3197955";
const HASH = `0x${"ab".repeat(32)}`;
const transfer = { chainId: 1, tokenAddress: TOKEN, callData: "0xa9059cbb", amountUnits: "10" };

const fail = (code: number) => Object.assign(new Error(`code ${code}`), { code });

/** A wallet on BNB Smart Chain (56); `onSwitch` answers wallet_switchEthereumChain. */
function wallet(onSwitch: (chain: { id: string }, target: string) => unknown) {
  const chain = { id: "0x38" };
  const methods: string[] = [];
  const provider = {
    async request({ method, params }: { method: string; params?: readonly unknown[] }) {
      methods.push(method);
      switch (method) {
        case "eth_requestAccounts":
          return [PAYER];
        case "eth_chainId":
          return chain.id;
        case "wallet_switchEthereumChain": {
          const target: unknown = params?.[0];
          const chainId = typeof target === "object" && target !== null ? Reflect.get(target, "chainId") : undefined;
          return onSwitch(chain, String(chainId));
        }
        case "eth_call":
          return `0x${25n.toString(16).padStart(64, "0")}`;
        case "eth_sendTransaction":
          return HASH;
        default:
          throw fail(4200);
      }
    },
  };
  return { provider, methods };
}

describe("paying from a browser wallet: the deposit's chain", () => {
  it("switches to it, then sends", async () => {
    const { provider, methods } = wallet((chain, target) => {
      chain.id = target;
      return null;
    });
    await expect(payWithWallet(provider, transfer)).resolves.toEqual({ hash: HASH, from: PAYER });
    expect(methods).toEqual([
      "eth_requestAccounts",
      "eth_chainId",
      "wallet_switchEthereumChain",
      "eth_chainId",
      "eth_call",
      "eth_sendTransaction",
    ]);
  });

  it("reports, never adds, a chain the wallet does not know; tells a refusal and other failures apart", async () => {
    const cases: [unknown, WalletPayFailure][] = [
      [fail(4902), "chainNotAdded"],
      [fail(-32601), "chainNotAdded"],
      [{ data: { code: 4902 } }, "chainNotAdded"],
      [fail(4001), "rejected"],
      [fail(-32603), "wrongChain"],
      [null, "wrongChain"],
    ];
    for (const [answer, failure] of cases) {
      const { provider, methods } = wallet(() => {
        if (answer === null) return null; // says yes but stays on its chain
        throw answer;
      });
      await expect(payWithWallet(provider, transfer)).rejects.toMatchObject({ name: "WalletPayError", failure });
      expect(methods).not.toContain("wallet_addEthereumChain");
      expect(methods).not.toContain("eth_sendTransaction");
    }
  });
});
