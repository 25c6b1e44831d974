import { erc20Abi, getAddress, parseEther, parseUnits, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import {
  type AiUser,
  aiUser,
  aiWalletWorldForTests,
  api,
  auditOf,
  CHAIN_ID,
  codeOf,
  freshAddress,
  fundedUser,
  NATIVE,
  ok,
  PAY_DEPOSIT,
  preWithdraw,
  sanctionedEthAddress,
  type WithdrawalAnswer,
} from "./ai-wallet-harness.ts";

/**
 * The AI wallet of an email account on a real local chain (issue 17): creation, balances and their USD value,
 * funding, withdrawals confirmed by an emailed code (refused ones move nothing), the daily limit, the key's export.
 */

const world = aiWalletWorldForTests();

interface Coin {
  address: string;
  symbol: string;
  balance: string;
  usdPrice: number | null;
  usdValue: number | null;
}
interface Info {
  available: boolean;
  reason: string | null;
  account: null | {
    address: string;
    totalUsdAmount: number;
    coins: Coin[];
    chains: { chainId: number; readable: boolean; reason: string | null }[];
    dailyLimitUsd: number;
    dailyUsedUsd: number;
  };
}

/** EIP-55's example address with one letter's case changed: mixed case whose checksum does not match */
const MISTYPED = "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const ethOf = (address: string) => world.chain.reader.getBalance({ address: getAddress(address) });
const tusdOf = (address: string) =>
  world.chain.reader.readContract({
    address: world.chain.tusd,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [getAddress(address)],
  });

describe("AI wallet: creating it", () => {
  it("is made for an email account, once, and refused with emailLoginNeeded to a Telegram-only account", async () => {
    const user = await aiUser(world);
    const before = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    expect(before).toEqual({ available: true, reason: null, account: null });

    const [first, second] = await Promise.all([
      ok<Info>(api(world, user, "/createAIAccount", {})),
      ok<Info>(api(world, user, "/createAIAccount", {})),
    ]);
    expect(first.account?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(second.account?.address).toBe(first.account?.address);
    expect((await auditOf(world, user.userId)).map((row) => row.action)).toEqual(["create"]);

    const telegram = await aiUser(world, "telegram");
    expect(await ok<Info>(api(world, telegram, "/getAIAccountInfo"))).toEqual({
      available: false,
      reason: "emailLoginNeeded",
      account: null,
    });
    const refused = await api(world, telegram, "/createAIAccount", {});
    expect(refused.json).toMatchObject({ code: 1001, data: { key: "aiWalletEmailOnly" } });

    const visitor = await api(world, undefined, "/getAIAccountInfo");
    expect(visitor.json?.code).toBe(4001);
  });
});

describe("AI wallet: balances and funding", () => {
  it("shows the coins sent to its address on the chain, with their USD value from the market", async () => {
    const user = await fundedUser(world, { eth: parseEther("2"), tusd: parseUnits("150", 6) });
    const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    const account = info.account;
    expect(account?.chains).toEqual([expect.objectContaining({ chainId: CHAIN_ID, readable: true, reason: null })]);
    const eth = account?.coins.find((coin) => coin.address === NATIVE);
    const tusd = account?.coins.find((coin) => coin.symbol === "TUSD");
    expect(eth).toMatchObject({ symbol: "ETH", balance: "2" });
    expect(eth?.usdPrice).toBeGreaterThan(0);
    expect(eth?.usdValue).toBeCloseTo((eth?.usdPrice ?? 0) * 2, 6);
    expect(tusd).toMatchObject({ balance: "150" });
    expect(account?.totalUsdAmount).toBeCloseTo(
      (account?.coins ?? []).reduce((sum, coin) => sum + (coin.usdValue ?? 0), 0),
      6,
    );
    expect(account).toMatchObject({ dailyLimitUsd: 1000, dailyUsedUsd: 0 });
  });

  it("gives the deposit address with a QR code, and refuses a sender on the sanctions list", async () => {
    const user = await fundedUser(world);
    const deposit = await ok<{ address: string; qrCode: string; chainId: number }>(
      api(world, user, "/aiAccount/deposit", { chainId: CHAIN_ID }),
    );
    expect(deposit).toMatchObject({ address: user.address, chainId: CHAIN_ID });
    expect(deposit.qrCode).toMatch(/^data:image\/png;base64,/);
    const refused = await api(world, user, "/aiAccount/deposit", {
      chainId: CHAIN_ID,
      fromAddress: sanctionedEthAddress(),
    });
    expect(refused.json).toMatchObject({ code: 3001, data: { key: "sanctionedAddress" } });
    const otherChain = await api(world, user, "/aiAccount/deposit", { chainId: 56 });
    expect(otherChain.json).toMatchObject({ code: 1001, data: { key: "chainNotSupported" } });
  });
});

describe("AI wallet: withdrawals", () => {
  it("keeps the gas back from the chain's coin and tells where the code goes", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const info = await ok<{ balance: string; maxAmount: string; gasNative: string; email: string }>(
      api(world, user, "/getWithdrawInfo", { chainId: CHAIN_ID, tokenAddress: NATIVE }),
    );
    expect(info.balance).toBe("1");
    expect(Number(info.gasNative)).toBeGreaterThan(0);
    expect(parseEther(info.maxAmount) + parseEther(info.gasNative)).toBe(parseEther("1"));
    expect(info.email).toBe(`${user.email.slice(0, 2)}***@example.com`);
    // the whole balance leaves nothing for the gas
    const whole = await preWithdraw(world, user, { amount: "1", toAddress: freshAddress() });
    expect(whole.json).toMatchObject({ code: 1001, data: { key: "Insufficientbalance" } });
  });

  it("refuses a wrong code (nothing moves), sends with the right one exactly once", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer; email: string }>(
      preWithdraw(world, user, { amount: "0.1", toAddress: to, requestId: "req-once-0001" }),
    );
    expect(pre.withdrawal).toMatchObject({ status: "awaiting_code", amount: "0.1", toAddress: to, txHash: null });
    // the same request again answers the same withdrawal, without another mail
    const again = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: "0.1", toAddress: to, requestId: "req-once-0001" }),
    );
    expect(again.withdrawal.withdrawId).toBe(pre.withdrawal.withdrawId);
    const code = await codeOf(world, user);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await api(world, user, "/aiAccountWithdraw", {
      withdrawId: pre.withdrawal.withdrawId,
      code: wrongCode,
    });
    expect(wrong.json).toMatchObject({ code: 2006, data: { key: "codeError", remaining: 2 } });
    expect(await ethOf(to)).toBe(0n);
    expect(await ethOf(user.address)).toBe(parseEther("1"));

    const sent = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code }),
    );
    expect(sent.status).toBe("sent");
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await world.chain.reader.waitForTransactionReceipt({
      hash: sent.txHash as `0x${string}`,
      pollingInterval: 20,
    });
    expect(receipt.status).toBe("success");
    expect(await ethOf(to)).toBe(parseEther("0.1"));
    const afterFirst = await ethOf(user.address);
    expect(afterFirst).toBe(parseEther("0.9") - receipt.gasUsed * receipt.effectiveGasPrice);

    // the same withdrawal again: answered as it stands, nothing signed or sent again
    const second = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code }),
    );
    expect(second).toMatchObject({ withdrawId: pre.withdrawal.withdrawId, txHash: sent.txHash });
    expect(await ethOf(to)).toBe(parseEther("0.1"));
    expect(await ethOf(user.address)).toBe(afterFirst);
    const audit = await auditOf(world, user.userId);
    expect(audit.filter((row) => row.action === "sign_withdraw")).toEqual([
      expect.objectContaining({ txHash: sent.txHash, chainId: CHAIN_ID }),
    ]);
    expect(audit.filter((row) => row.action === "refuse_withdraw")).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ reason: "codeError" }) }),
    ]);

    // the list shows what is stored; the tracker finishes the mined withdrawal
    const listed = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(listed.lists).toEqual([expect.objectContaining({ withdrawId: pre.withdrawal.withdrawId, status: "sent" })]);
    await world.srv.server.aiWallets.sweep();
    const list = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(list.lists).toEqual([
      expect.objectContaining({ withdrawId: pre.withdrawal.withdrawId, status: "completed" }),
    ]);
    const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    expect(info.account?.dailyUsedUsd).toBeGreaterThan(0);
    // the code mailed, the signing, the broadcast and the receipt are each in the audit log
    expect((await auditOf(world, user.userId)).map((row) => row.action)).toEqual([
      "create",
      "withdraw_code_sent",
      "refuse_withdraw",
      "sign_withdraw",
      "withdraw_sent",
      "withdraw_completed",
    ]);
  });

  it("answers 409 idempotencyConflict to a requestId used before with another withdrawal", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: "0.1", toAddress: to, requestId: "req-conflict-01" }),
    );
    // the same body in another spelling is the same request
    const same = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: "0.10", toAddress: to.toLowerCase(), requestId: "req-conflict-01" }),
    );
    expect(same.withdrawal.withdrawId).toBe(pre.withdrawal.withdrawId);
    const others: Record<string, unknown>[] = [
      { amount: "0.2", toAddress: to },
      { amount: "0.1", toAddress: freshAddress() },
      { amount: "0.1", toAddress: to, tokenAddress: world.chain.tusd },
    ];
    for (const body of others) {
      const res = await preWithdraw(world, user, { ...body, requestId: "req-conflict-01" });
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "idempotencyConflict" } });
    }
    const list = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(list.lists).toEqual([
      expect.objectContaining({ withdrawId: pre.withdrawal.withdrawId, amount: "0.1", status: "awaiting_code" }),
    ]);
  });

  it("sends once when the right code arrives twice at the same moment; both answers name the one transaction", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(preWithdraw(world, user, { amount: "0.1", toAddress: to }));
    const code = await codeOf(world, user);
    const broadcastsBefore = world.relay.broadcasts;
    const body = { withdrawId: pre.withdrawal.withdrawId, code };
    const [first, second] = await Promise.all([
      ok<WithdrawalAnswer>(api(world, user, "/aiAccountWithdraw", body)),
      ok<WithdrawalAnswer>(api(world, user, "/aiAccountWithdraw", body)),
    ]);
    expect(first.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(second).toMatchObject({ withdrawId: pre.withdrawal.withdrawId, status: "sent", txHash: first.txHash });
    await world.chain.reader.waitForTransactionReceipt({ hash: first.txHash as `0x${string}`, pollingInterval: 20 });
    expect(world.relay.broadcasts).toBe(broadcastsBefore + 1);
    expect(await world.chain.reader.getTransactionCount({ address: user.address })).toBe(1);
    expect(await ethOf(to)).toBe(parseEther("0.1"));
    const signed = (await auditOf(world, user.userId)).filter((row) => row.action === "sign_withdraw");
    expect(signed).toHaveLength(1);
  });

  it("answers 404 aiOrderNotFound to another account's withdrawal, and nothing moves", async () => {
    const owner = await fundedUser(world, { eth: parseEther("1") });
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, owner, { amount: "0.1", toAddress: freshAddress() }),
    );
    const code = await codeOf(world, owner);
    const other = await fundedUser(world, { eth: parseEther("1") });
    const res = await api(world, other, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "aiOrderNotFound" } });
    expect(await ethOf(owner.address)).toBe(parseEther("1"));
    // the owner's code is still live
    const sent = await ok<WithdrawalAnswer>(
      api(world, owner, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code }),
    );
    expect(sent.status).toBe("sent");
  });

  it("sends an ERC-20 token", async () => {
    const user = await fundedUser(world, { eth: parseEther("0.5"), tusd: parseUnits("100", 6) });
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { tokenAddress: world.chain.tusd, amount: "12.5", toAddress: to }),
    );
    const sent = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", {
        withdrawId: pre.withdrawal.withdrawId,
        code: await codeOf(world, user),
      }),
    );
    await world.chain.reader.waitForTransactionReceipt({ hash: sent.txHash as `0x${string}`, pollingInterval: 20 });
    expect(await tusdOf(to)).toBe(parseUnits("12.5", 6));
    expect(await tusdOf(user.address)).toBe(parseUnits("87.5", 6));
  });

  it("refuses bad amounts and destinations, and nothing moves", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const valid = freshAddress();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ amount: "5", toAddress: valid }, 1001, "Insufficientbalance"],
      [{ amount: "0", toAddress: valid }, 1001, "invalidValue"],
      [{ amount: "0.1", toAddress: "0x1234" }, 1001, "invalidAddress"],
      [{ amount: "0.1", toAddress: zeroAddress }, 1001, "invalidAddress"],
      // one letter's case changed: the checksum no longer matches
      [{ amount: "0.1", toAddress: MISTYPED }, 3001, "addressChecksum"],
      [{ amount: "0.1", toAddress: user.address }, 3001, "ownAddress"],
      [{ amount: "0.1", toAddress: user.address.toLowerCase() }, 3001, "ownAddress"],
      [{ amount: "0.1", toAddress: PAY_DEPOSIT }, 3001, "ownAddress"],
      [{ amount: "0.1", toAddress: sanctionedEthAddress() }, 3001, "sanctionedAddress"],
      [{ amount: "0.1", toAddress: valid, chainId: 1 }, 1001, "chainNotSupported"],
    ];
    for (const [body, code, key] of refusals) {
      const res = await preWithdraw(world, user, body);
      expect(res.json, JSON.stringify(body)).toMatchObject({ code, data: { key } });
    }
    expect(await ethOf(user.address)).toBe(parseEther("1"));
    const list = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(list.lists).toEqual([]);
    const refused = (await auditOf(world, user.userId)).filter((row) => row.action === "refuse_withdraw");
    expect(refused.length).toBe(refusals.length);
  });

  it("closes a withdrawal whose code time passed", async () => {
    const user = await fundedUser(world, { eth: parseEther("1") });
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: "0.1", toAddress: freshAddress() }),
    );
    const code = await codeOf(world, user);
    world.clock.advance(11 * 60_000);
    const late = await api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code });
    expect(late.json).toMatchObject({ code: 1001, data: { key: "withdrawalClosed" } });
    expect(await ethOf(user.address)).toBe(parseEther("1"));
    const list = await ok<{ lists: WithdrawalAnswer[] }>(api(world, user, "/aiAccount/withdrawals"));
    expect(list.lists).toEqual([expect.objectContaining({ status: "expired", txHash: null })]);
  });

  it("answers 331 (kycNeeded) above the daily limit", async () => {
    const user = await fundedUser(world, { eth: parseEther("3") });
    const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    const price = info.account?.coins.find((coin) => coin.address === NATIVE)?.usdPrice ?? 0;
    // the limit is 1,000 USD: an amount worth more than it, and one well under it
    const above = (1100 / price).toFixed(6);
    expect(Number(above)).toBeLessThan(2.9);
    const res = await preWithdraw(world, user, { amount: above, toAddress: freshAddress() });
    expect(res.json).toMatchObject({ code: 331, data: { key: "kycNeeded" } });
    const under = await preWithdraw(world, user, { amount: (400 / price).toFixed(6), toAddress: freshAddress() });
    expect(under.json?.code).toBe(200);
    expect(await ethOf(user.address)).toBe(parseEther("3"));
  });
});

interface SwapAnswer {
  orderId: string;
  status: string;
  fromAddress: string;
  transferOutHash: string | null;
}

describe("AI wallet: withdrawals and swaps together", () => {
  const swap = (user: AiUser, amount: string) =>
    api(world, user, "/aiAccountSwap", { chainId: CHAIN_ID, fromToken: NATIVE, toToken: world.chain.tusd, amount });
  const ethUsd = async (user: AiUser) => {
    const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    const price = info.account?.coins.find((coin) => coin.address === NATIVE)?.usdPrice ?? 0;
    expect(price).toBeGreaterThan(0);
    return price;
  };

  it("counts the day's withdrawals and swaps against one daily limit: the one that passes it is refused 331", async () => {
    const user = await fundedUser(world, { eth: parseEther("3") });
    const price = await ethUsd(user);
    const eth = (usd: number) => (usd / price).toFixed(6);

    // 600 USD withdrawn, then 300 USD swapped from the wallet: 900 of the 1,000 USD used
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(
      preWithdraw(world, user, { amount: eth(600), toAddress: freshAddress() }),
    );
    const sent = await ok<WithdrawalAnswer>(
      api(world, user, "/aiAccountWithdraw", {
        withdrawId: pre.withdrawal.withdrawId,
        code: await codeOf(world, user),
      }),
    );
    expect(sent.status).toBe("sent");
    const swapped = await ok<SwapAnswer>(swap(user, eth(300)));
    expect(swapped).toMatchObject({ status: "completed", fromAddress: user.address });
    const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
    expect(info.account?.dailyUsedUsd).toBeCloseTo(900, 0);

    // 200 USD more would pass the limit: a swap, a limit order and a withdrawal are each refused, and nothing moves
    const ethBefore = await ethOf(user.address);
    const refused = [
      await swap(user, eth(200)),
      await api(world, user, "/aiAccountLimitSwap", {
        chainId: CHAIN_ID,
        side: "sell",
        fromToken: NATIVE,
        toToken: world.chain.tusd,
        amount: eth(200),
        limitPrice: Math.round(price * 1.2),
      }),
      await preWithdraw(world, user, { amount: eth(200), toAddress: freshAddress() }),
    ];
    for (const res of refused) expect(res.json, res.text).toMatchObject({ code: 331, data: { key: "kycNeeded" } });
    expect(await ethOf(user.address)).toBe(ethBefore);
    // 50 USD more still fits
    expect(await ok<SwapAnswer>(swap(user, eth(50)))).toMatchObject({ status: "completed" });
  });

  it("sends a withdrawal and swaps asked for at the same moment on distinct nonces: all are mined", async () => {
    const user = await fundedUser(world, { eth: parseEther("2") });
    const to = freshAddress();
    const pre = await ok<{ withdrawal: WithdrawalAnswer }>(preWithdraw(world, user, { amount: "0.05", toAddress: to }));
    const code = await codeOf(world, user);
    const [withdrawn, ...swapped] = await Promise.all([
      ok<WithdrawalAnswer>(api(world, user, "/aiAccountWithdraw", { withdrawId: pre.withdrawal.withdrawId, code })),
      ok<SwapAnswer>(swap(user, "0.05")),
      ok<SwapAnswer>(swap(user, "0.04")),
    ]);
    expect(swapped.map((order) => order.status)).toEqual(["completed", "completed"]);
    const hashes = [withdrawn.txHash, ...swapped.map((order) => order.transferOutHash)] as `0x${string}`[];
    const receipts = await Promise.all(
      hashes.map((hash) => world.chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })),
    );
    expect(receipts.map((receipt) => receipt.status)).toEqual(["success", "success", "success"]);
    const nonces = await Promise.all(
      hashes.map(async (hash) => (await world.chain.reader.getTransaction({ hash })).nonce),
    );
    expect([...nonces].sort()).toEqual([0, 1, 2]);
    expect(await world.chain.reader.getTransactionCount({ address: user.address })).toBe(3);
    expect(await ethOf(to)).toBe(parseEther("0.05"));
  });
});

describe("AI wallet: a node that cannot be reached", () => {
  it("shows the chain as unreadable (balancesUnavailable) instead of failing the screen", async () => {
    const user = await fundedUser(world);
    world.relay.down = true;
    try {
      const info = await ok<Info>(api(world, user, "/getAIAccountInfo"));
      expect(info.account?.chains).toEqual([
        expect.objectContaining({ chainId: CHAIN_ID, readable: false, reason: "balancesUnavailable" }),
      ]);
      expect(info.account?.coins).toEqual([]);
      expect(info.account?.address).toBe(user.address);
    } finally {
      world.relay.down = false;
    }
  });
});

describe("AI wallet: exporting the key", () => {
  it("gives the key only with the emailed code; three wrong codes lock it", async () => {
    const user = await fundedUser(world);
    const noCode = await api(world, user, "/aiAccount/export", { code: "12" });
    expect(noCode.json).toMatchObject({ code: 1001 });
    const sent = await ok<{ email: string }>(api(world, user, "/aiAccount/preExport", {}));
    expect(sent.email).toContain("***@example.com");
    const code = await codeOf(world, user);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await api(world, user, "/aiAccount/export", { code: wrongCode });
    expect(wrong.json).toMatchObject({ code: 2006, data: { key: "codeError", remaining: 2 } });
    const exported = await ok<{ address: string; privateKey: `0x${string}` }>(
      api(world, user, "/aiAccount/export", { code }),
    );
    expect(exported.address).toBe(user.address);
    expect(privateKeyToAccount(exported.privateKey).address).toBe(user.address);
    // the code is spent
    const reused = await api(world, user, "/aiAccount/export", { code });
    expect(reused.json).toMatchObject({ code: 2006 });
    const actions = (await auditOf(world, user.userId)).map((row) => row.action);
    expect(actions.filter((action) => action === "export")).toHaveLength(1);
    expect(actions.filter((action) => action === "refuse_export")).toHaveLength(2);

    const other = await fundedUser(world);
    world.clock.advance(61_000);
    await ok(api(world, other, "/aiAccount/preExport", {}));
    const otherCode = await codeOf(world, other);
    const bad = otherCode === "000000" ? "111111" : "000000";
    await api(world, other, "/aiAccount/export", { code: bad });
    await api(world, other, "/aiAccount/export", { code: bad });
    const locked = await api(world, other, "/aiAccount/export", { code: bad });
    expect(locked.json).toMatchObject({ code: 2015 });
    const afterLock = await api(world, other, "/aiAccount/export", { code: otherCode });
    expect(afterLock.json).toMatchObject({ code: 2015 });
  });

  it("counts wrong codes across new codes: 10 within a day lock the account's codes, the right one refused too", async () => {
    const user = await fundedUser(world);
    let code = "";
    // two wrong codes per code (one short of the code's own lock), then a new code: five rounds make ten
    for (let round = 1; round <= 5; round++) {
      world.clock.advance(61_000);
      await ok(api(world, user, "/aiAccount/preExport", {}));
      code = await codeOf(world, user);
      const bad = code === "000000" ? "111111" : "000000";
      const first = await api(world, user, "/aiAccount/export", { code: bad });
      expect(first.json, `round ${round}`).toMatchObject({ code: 2006, data: { remaining: 2 } });
      const second = await api(world, user, "/aiAccount/export", { code: bad });
      if (round < 5) expect(second.json, `round ${round}`).toMatchObject({ code: 2006, data: { remaining: 1 } });
      else expect(second.json).toMatchObject({ code: 2015, data: { key: "verifyLimitError" } });
    }
    const right = await api(world, user, "/aiAccount/export", { code });
    expect(right.json).toMatchObject({ code: 2015, data: { key: "verifyLimitError" } });
    world.clock.advance(61_000);
    // no new code for either scene while locked
    const again = await api(world, user, "/aiAccount/preExport", {});
    expect(again.json).toMatchObject({ code: 2015 });
    const withdraw = await preWithdraw(world, user, { amount: "0.1", toAddress: freshAddress() });
    expect(withdraw.json).toMatchObject({ code: 2015 });
    expect((await auditOf(world, user.userId)).filter((row) => row.action === "export")).toEqual([]);

    // a day later the lock has passed
    world.clock.advance(24 * 60 * 60_000);
    await ok(api(world, user, "/aiAccount/preExport", {}));
    const exported = await ok<{ address: string }>(
      api(world, user, "/aiAccount/export", { code: await codeOf(world, user) }),
    );
    expect(exported.address).toBe(user.address);
  });
});
