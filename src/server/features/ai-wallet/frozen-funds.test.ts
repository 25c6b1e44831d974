import { parseEther, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import { checkTradeFunds, unfrozen } from "./frozen-funds.ts";

const OWNER = `0x${"a1".repeat(20)}` as const;
const TOKEN = `0x${"e5".repeat(20)}`;

/** a wallet holding `held` of each coin, `frozen` of which is frozen (raw, by lower-case token address) */
function funds(held: Record<string, bigint>, frozen: Record<string, bigint>) {
  const key = (address: string) => address.toLowerCase();
  return {
    frozen: {
      amountOf: async (_userId: number, _chainId: number, token: string) => frozen[key(token)] ?? 0n,
      any: async () => Object.values(frozen).some((amount) => amount > 0n),
    },
    balances: { balanceOf: async (_owner: string, _chainId: number, token: string) => held[key(token)] ?? 0n },
  };
}

const refusal = (promise: Promise<void>) =>
  promise.then(
    () => "passed",
    (error: unknown) => (error instanceof ApiError ? `${error.code} ${error.key} ${error.issues[0]?.field}` : "other"),
  );

const trade = (token: string, decimals: number, amount: string, gasNative: string | null = null) => ({
  userId: 1,
  owner: OWNER,
  chainId: 1,
  token: { address: token, decimals },
  amount,
  gasNative,
});

const native = NATIVE_TOKEN_ADDRESS.toLowerCase();
const token = TOKEN.toLowerCase();

describe("what of a balance may be spent", () => {
  it("is the balance less the frozen coins, never below 0", () => {
    expect(unfrozen(10n, 3n)).toBe(7n);
    expect(unfrozen(3n, 3n)).toBe(0n);
    expect(unfrozen(2n, 3n)).toBe(0n);
  });

  it("refuses a trade that only frozen coins stand in the way of (3001 fundsFrozen on the amount)", async () => {
    const wallet = funds(
      { [native]: parseEther("1.5"), [token]: parseUnits("140", 6) },
      {
        [native]: parseEther("0.3"),
        [token]: parseUnits("40", 6),
      },
    );
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "100")))).toBe("passed");
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "100.000001")))).toBe("3001 fundsFrozen amount");
    expect(await refusal(checkTradeFunds(wallet, trade(NATIVE_TOKEN_ADDRESS, 18, "1.1", "0.1")))).toBe("passed");
    // the gas comes out of what is not frozen too
    expect(await refusal(checkTradeFunds(wallet, trade(NATIVE_TOKEN_ADDRESS, 18, "1.1", "0.2")))).toBe(
      "3001 fundsFrozen amount",
    );
    // more than the whole balance: left to the usual checks (Insufficientbalance)
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "200")))).toBe("passed");
  });

  it("keeps a token trade's gas off the chain's frozen coin", async () => {
    const wallet = funds(
      { [native]: parseEther("0.3"), [token]: parseUnits("10", 6) },
      { [native]: parseEther("0.25") },
    );
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "10", "0.05")))).toBe("passed");
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "10", "0.06")))).toBe("3001 fundsFrozen amount");
  });

  it("reads no balance when nothing is frozen", async () => {
    let reads = 0;
    const wallet = {
      frozen: { amountOf: async () => 0n, any: async () => false },
      balances: {
        balanceOf: async () => {
          reads += 1;
          return 0n;
        },
      },
    };
    expect(await refusal(checkTradeFunds(wallet, trade(TOKEN, 6, "10", "0.01")))).toBe("passed");
    expect(reads).toBe(0);
  });
});
