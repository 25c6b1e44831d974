import { eq } from "drizzle-orm";
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiWalletFrozen } from "../../src/server/db/schema.ts";
import { BALANCES_CACHE_MS } from "../../src/server/features/swap/balances/wallet-balances.ts";
import { anvilClients } from "../support/test-usdt-chain.ts";
import {
  type AiUser,
  type AiWalletWorld,
  api,
  auditOf,
  CHAIN_ID,
  codeOf,
  fundedUser,
  NATIVE,
  ok,
  sanctionedEthAddress,
  startAiWalletWorld,
  type WithdrawalAnswer,
} from "./ai-wallet-harness.ts";

/**
 * Coins an address on the sanctions list sends to an AI wallet unasked, on a real local chain: anvil impersonates the
 * first address of the shipped ETH list (anvil_impersonateAccount, anvil_setBalance), which sends ETH and TUSD to an
 * AI wallet; a clean wallet sends ETH too. The server's inbound scan (run by hand, as its timer would) freezes the
 * two listed transfers and not the clean one, once however often it runs, and resumes from its cursor after a
 * restart. Frozen coins are left out of what can be withdrawn, swapped or sold by a limit order (3001 fundsFrozen on
 * the amount, nothing moves), a withdrawal within the rest still goes out, and the key is not exported.
 */

const LISTED = getAddress(sanctionedEthAddress());
const clean = privateKeyToAccount(generatePrivateKey());

let world: AiWalletWorld;

interface Frozen {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
  amount: string;
  fromAddress: string;
  txHash: string;
  foundAt: string;
}
interface Info {
  account: { frozen: Frozen[] } | null;
}
interface WithdrawInfo {
  balance: string;
  maxAmount: string;
  frozenAmount: string;
  gasNative: string | null;
}

/** the server's inbound scan, now (its timer's work) */
const scan = () => world.srv.server.aiWallets.scan();
/** the balances the server read are kept briefly: the next read is fresh */
const freshBalances = () => world.clock.advance(BALANCES_CACHE_MS + 1);
const ethOf = (address: Address) => world.chain.reader.getBalance({ address });
const tusdOf = (address: Address) =>
  world.chain.reader.readContract({
    address: world.chain.tusd,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  });
const frozenOf = async (who: AiUser) => (await ok<Info>(api(world, who, "/getAIAccountInfo"))).account?.frozen ?? [];
const storedRows = (who: AiUser) =>
  world.srv.server.database.db.select().from(aiWalletFrozen).where(eq(aiWalletFrozen.userId, who.userId));

/** `from` (impersonated or a key of its own) sends a transaction on the chain, mined before this resolves */
async function send(from: Address | typeof clean, tx: { to: Address; value?: bigint; data?: Hex }): Promise<Hex> {
  const wallet = createWalletClient({ chain: world.chain.chain, transport: http(world.chain.anvil.url) });
  const hash = await wallet.sendTransaction({ account: from, ...tx, gas: 120_000n });
  const receipt = await world.chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status).toBe("success");
  return hash;
}
const sendTusd = (from: Address, to: Address, amount: bigint) =>
  send(from, {
    to: world.chain.tusd,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
  });

/**
 * An AI wallet funded with 1 ETH and 100 TUSD (clean: anvil's balance and a mint), then sent 0.3 ETH and 40 TUSD by
 * the listed address and 0.2 ETH by a clean wallet, and the scan run: 1.5 ETH (0.3 frozen), 140 TUSD (40 frozen).
 */
async function frozenWallet() {
  const user = await fundedUser(world, { eth: parseEther("1"), tusd: parseUnits("100", 6) });
  const sent = {
    eth: await send(LISTED, { to: user.address, value: parseEther("0.3") }),
    tusd: await sendTusd(LISTED, user.address, parseUnits("40", 6)),
    clean: await send(clean, { to: user.address, value: parseEther("0.2") }),
  };
  await scan();
  freshBalances();
  return { user, sent };
}

beforeAll(async () => {
  world = await startAiWalletWorld();
  // the scan's first pass on the chain starts at its head: what is sent from here on is read
  await scan();
  const { control } = anvilClients(world.chain.anvil.url, CHAIN_ID);
  await control.impersonateAccount({ address: LISTED });
  await control.setBalance({ address: LISTED, value: parseEther("100") });
  await control.setBalance({ address: clean.address, value: parseEther("100") });
  await world.chain.mintTo(world.chain.tusd, LISTED, parseUnits("100000", 6));
}, 600_000);
afterAll(async () => {
  await world?.stop();
}, 600_000);

describe("coins sent to an AI wallet from a sanctioned address", () => {
  it("are found by the scan and listed as frozen: the two listed transfers, not the clean one, once", async () => {
    const { user, sent } = await frozenWallet();
    const frozen = await frozenOf(user);
    expect(frozen).toHaveLength(2);
    expect(frozen).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          chainId: CHAIN_ID,
          address: NATIVE,
          symbol: "ETH",
          decimals: 18,
          amount: "0.3",
          fromAddress: LISTED,
          txHash: sent.eth,
        }),
        expect.objectContaining({
          chainId: CHAIN_ID,
          address: world.chain.tusd,
          symbol: "TUSD",
          decimals: 6,
          amount: "40",
          fromAddress: LISTED,
          txHash: sent.tusd,
        }),
      ]),
    );
    expect(frozen.some((row) => row.txHash === sent.clean)).toBe(false);
    const audit = (await auditOf(world, user.userId)).filter((row) => row.action === "freeze_inbound");
    expect(audit.map((row) => row.txHash).sort()).toEqual([sent.eth, sent.tusd].sort());

    // a second pass reads nothing new and stores nothing twice
    await scan();
    expect(await frozenOf(user)).toHaveLength(2);
    expect(await storedRows(user)).toHaveLength(2);
    expect((await auditOf(world, user.userId)).filter((row) => row.action === "freeze_inbound")).toHaveLength(2);
  });

  it("are left out of what can be withdrawn, and getWithdrawInfo says how much is frozen", async () => {
    const { user } = await frozenWallet();
    const eth = await ok<WithdrawInfo>(
      api(world, user, "/getWithdrawInfo", { chainId: CHAIN_ID, tokenAddress: NATIVE }),
    );
    expect(eth).toMatchObject({ balance: "1.5", frozenAmount: "0.3" });
    expect(parseEther(eth.maxAmount) + parseEther(eth.gasNative ?? "0")).toBe(parseEther("1.2"));
    const tusd = await ok<WithdrawInfo>(
      api(world, user, "/getWithdrawInfo", { chainId: CHAIN_ID, tokenAddress: world.chain.tusd }),
    );
    expect(tusd).toMatchObject({ balance: "140", maxAmount: "100", frozenAmount: "40" });
  });

  it("refuses a withdrawal that reaches into them (nothing moves), and sends one within the rest", async () => {
    const { user } = await frozenWallet();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const ethBefore = await ethOf(user.address);
    const broadcasts = world.relay.broadcasts;
    for (const [tokenAddress, amount] of [
      [NATIVE, "1.3"],
      [world.chain.tusd, "120"],
    ] as const) {
      const refused = await api(world, user, "/aiAccountPreWithdraw", {
        chainId: CHAIN_ID,
        tokenAddress,
        amount,
        toAddress: to,
      });
      expect(refused.json, `${amount} of ${tokenAddress}`).toMatchObject({
        code: 3001,
        data: { key: "fundsFrozen", field: "amount" },
      });
    }
    expect(world.relay.broadcasts).toBe(broadcasts);
    expect(await ethOf(user.address)).toBe(ethBefore);
    expect(await tusdOf(user.address)).toBe(parseUnits("140", 6));
    const refusals = (await auditOf(world, user.userId)).filter((row) => row.action === "refuse_withdraw");
    expect(refusals.map((row) => row.detail)).toEqual([
      expect.objectContaining({ reason: "fundsFrozen" }),
      expect.objectContaining({ reason: "fundsFrozen" }),
    ]);

    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      api(world, user, "/aiAccountPreWithdraw", {
        chainId: CHAIN_ID,
        tokenAddress: world.chain.tusd,
        amount: "100",
        toAddress: to,
      }),
    );
    const code = await codeOf(world, user);
    const withdrawn = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code }),
    );
    expect(withdrawn.status).toBe("sent");
    const receipt = await world.chain.reader.waitForTransactionReceipt({
      hash: withdrawn.txHash as Hex,
      pollingInterval: 20,
    });
    expect(receipt.status).toBe("success");
    expect(await tusdOf(to)).toBe(parseUnits("100", 6));
    expect(await tusdOf(user.address)).toBe(parseUnits("40", 6));
    freshBalances();
    const after = await ok<WithdrawInfo>(
      api(world, user, "/getWithdrawInfo", { chainId: CHAIN_ID, tokenAddress: world.chain.tusd }),
    );
    expect(after).toMatchObject({ balance: "40", maxAmount: "0", frozenAmount: "40" });
  });

  it("are not sold by a swap or a limit order; a swap within the rest goes through", async () => {
    const { user } = await frozenWallet();
    const ethBefore = await ethOf(user.address);
    const broadcasts = world.relay.broadcasts;
    const swap = await api(world, user, "/aiAccountSwap", {
      chainId: CHAIN_ID,
      fromToken: world.chain.tusd,
      toToken: NATIVE,
      amount: "120",
    });
    expect(swap.json).toMatchObject({ code: 3001, data: { key: "fundsFrozen", field: "amount" } });
    const ethPrice = await ok<{ account: { coins: { address: string; usdPrice: number | null }[] } }>(
      api(world, user, "/getAIAccountInfo"),
    ).then((info) => info.account.coins.find((coin) => coin.address === NATIVE)?.usdPrice);
    expect(ethPrice).toBeGreaterThan(0);
    const limit = await api(world, user, "/aiAccountLimitSwap", {
      chainId: CHAIN_ID,
      side: "buy",
      fromToken: world.chain.tusd,
      toToken: NATIVE,
      amount: "120",
      limitPrice: ethPrice,
    });
    expect(limit.json).toMatchObject({ code: 3001, data: { key: "fundsFrozen", field: "amount" } });
    expect(world.relay.broadcasts).toBe(broadcasts);
    expect(await ethOf(user.address)).toBe(ethBefore);
    expect(await tusdOf(user.address)).toBe(parseUnits("140", 6));

    const within = await ok<{ status: string; fromAmount: string }>(
      api(world, user, "/aiAccountSwap", {
        chainId: CHAIN_ID,
        fromToken: world.chain.tusd,
        toToken: NATIVE,
        amount: "100",
      }),
    );
    expect(within).toMatchObject({ status: "completed", fromAmount: "100" });
    expect(await tusdOf(user.address)).toBe(parseUnits("40", 6));
  });

  it("keep the key from being exported", async () => {
    const { user } = await frozenWallet();
    const pre = await api(world, user, "/aiAccount/preExport", {});
    expect(pre.json).toMatchObject({ code: 3001, data: { key: "fundsFrozen" } });
    const exported = await api(world, user, "/aiAccount/export", { code: "123456" });
    expect(exported.json).toMatchObject({ code: 3001, data: { key: "fundsFrozen" } });
    const actions = (await auditOf(world, user.userId)).map((row) => row.action);
    expect(actions).not.toContain("export");
    expect(actions).not.toContain("export_code_sent");
  });

  it("are found after a restart from where the scan stopped, without doubling what it found before", async () => {
    const { user, sent } = await frozenWallet();
    await world.srv.stop();
    // sent while no server reads the chain
    const late = await send(LISTED, { to: user.address, value: parseEther("0.05") });
    await world.start();
    await scan();
    const frozen = await frozenOf(user);
    expect(frozen.map((row) => row.txHash).sort()).toEqual([sent.eth, sent.tusd, late].sort());
    expect(frozen.find((row) => row.txHash === late)).toMatchObject({ amount: "0.05", fromAddress: LISTED });
    expect(await storedRows(user)).toHaveLength(3);
    await scan();
    expect(await storedRows(user)).toHaveLength(3);
  });
});
