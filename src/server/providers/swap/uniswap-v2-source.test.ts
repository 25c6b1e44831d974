import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Anvil } from "../../../../tests/api/anvil.ts";
import { freePort } from "../../../../tests/support/free-port.ts";
import { ANVIL_KEYS } from "../../../../tests/support/test-usdt-chain.ts";
import {
  routerAbi as harnessRouterAbi,
  startUniswapV2Chain,
  type UniswapV2Chain,
} from "../../../../tests/support/uniswap-v2-chain.ts";
import { NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { manualClock } from "../clock.ts";
import { QuoteError, type QuoteRequest, type QuoteSource, type SourceQuote } from "./quote-source.ts";
import {
  createUniswapV2Source,
  UNISWAP_V2_DEADLINE_SECONDS,
  UNISWAP_V2_FIXED_GAS,
  UNISWAP_V2_GAS_PER_EXTRA_HOP,
} from "./uniswap-v2-source.ts";

const CHAIN_ID = 31_337;
const swapAbi = parseAbi([
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
]);
const factoryWriteAbi = parseAbi(["function createPair(address tokenA, address tokenB) returns (address pair)"]);

let v2: UniswapV2Chain & { anvil: Anvil };
let source: QuoteSource;
/** set to the chain's time once it runs (anvil stamps blocks with the machine's time; the router checks deadlines) */
const clock = manualClock(new Date(0));
const never = new AbortController().signal;

const ETH = { address: NATIVE_TOKEN_ADDRESS as Address, decimals: 18, symbol: "ETH" };
const tusd = () => ({ address: v2.tusd, decimals: 6, symbol: "TUSD" });
const ttk = () => ({ address: v2.ttk, decimals: 18, symbol: "TTK" });

function request(over: Partial<QuoteRequest> & Pick<QuoteRequest, "fromToken" | "toToken" | "amount">): QuoteRequest {
  return {
    fromChainId: CHAIN_ID,
    toChainId: CHAIN_ID,
    slippageBps: 50,
    fromAddress: undefined,
    toAddress: undefined,
    feeBps: 0,
    feeRecipient: undefined,
    integrator: "mountainlion",
    ...over,
  };
}

async function amountsOut(amount: bigint, path: Address[]) {
  return v2.reader.readContract({
    address: v2.router,
    abi: harnessRouterAbi,
    functionName: "getAmountsOut",
    args: [amount, path],
  });
}

/** a wallet of its own for a test, with 10 ETH for gas and sales */
async function newWallet(label: string): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(keccak256(toHex(`uniswap-v2-source test ${label}`)));
  await v2.fund(account.address, { eth: parseEther("10") });
  return account;
}

const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: v2.chain, transport: http(v2.anvil.url) });

/** sends a quote's transaction from the account (gas given, so a revert is mined as such); the receipt */
async function send(account: PrivateKeyAccount, tx: NonNullable<SourceQuote["tx"]>) {
  const hash = await walletOf(account).sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: tx.gas === null ? 400_000n : BigInt(tx.gas),
  });
  return v2.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

async function approve(account: PrivateKeyAccount, token: Address, amount: bigint) {
  const hash = await walletOf(account).writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [v2.router, amount],
  });
  await v2.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

async function quoteError(promise: Promise<unknown>): Promise<QuoteError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof QuoteError)) throw new Error(`expected a QuoteError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  v2 = await startUniswapV2Chain(CHAIN_ID);
  const head = await v2.reader.getBlock({ blockTag: "latest" });
  clock.set(new Date(Number(head.timestamp) * 1000));
  source = createUniswapV2Source({ chainId: CHAIN_ID, router: v2.router, client: v2.reader, clock });
});
afterAll(async () => {
  await v2?.anvil.stop();
});

describe("the Uniswap v2 quote source", () => {
  it("names itself and quotes its own chain only", () => {
    expect(source.id).toBe("uniswapv2");
    expect(source.label).toBe("Uniswap v2");
    expect(source.supports({ fromChainId: CHAIN_ID, toChainId: CHAIN_ID })).toBe(true);
    expect(source.supports({ fromChainId: 1, toChainId: 1 })).toBe(false);
    expect(source.supports({ fromChainId: CHAIN_ID, toChainId: 1 })).toBe(false);
  });

  it("quotes what the router's getAmountsOut gives, over the direct pair, with the slippage minimum and no fee", async () => {
    const amount = parseUnits("1000", 6);
    const quote = await source.quote(
      request({ fromToken: tusd(), toToken: ttk(), amount: amount.toString(), slippageBps: 100 }),
      never,
    );
    const amounts = await amountsOut(amount, [v2.tusd, v2.ttk]);
    const out = amounts[1] ?? 0n;
    expect(quote.toAmount).toBe(out.toString());
    expect(quote.toAmountMin).toBe(((out * 9_900n) / 10_000n).toString());
    // 1 TTK = 2 TUSD, less the pool's 0.3% and the price impact
    expect(Number(out) / 1e18).toBeGreaterThan(495);
    expect(Number(out) / 1e18).toBeLessThan(500);
    expect(quote.source).toBe("Uniswap v2");
    expect(quote.feeAmount).toBe("0");
    expect(quote.approvalSpender).toBe(v2.router);
    expect(quote.route).toEqual([{ tool: "Uniswap v2", type: "swap", fromChainId: CHAIN_ID, toChainId: CHAIN_ID }]);
    expect(quote.estimatedSeconds).toBeGreaterThanOrEqual(2);
    expect(quote.estimatedSeconds).toBeLessThan(60);
    // no wallet: no transaction, the fixed gas figure at the node's gas price
    expect(quote.tx).toBeNull();
    const gasPrice = await v2.reader.getGasPrice();
    expect(quote.gasNative).toBe((UNISWAP_V2_FIXED_GAS.tokensForTokens * gasPrice).toString());
    expect(quote.build).toMatchObject({ kind: "tokensForTokens", path: [v2.tusd, v2.ttk] });
  });

  it("quotes the chain's coin through WETH both ways; selling it needs no approval", async () => {
    const eth = parseEther("1");
    const buy = await source.quote(request({ fromToken: ETH, toToken: tusd(), amount: eth.toString() }), never);
    expect(buy.toAmount).toBe(((await amountsOut(eth, [v2.weth, v2.tusd]))[1] ?? 0n).toString());
    expect(buy.approvalSpender).toBeNull();
    expect(buy.build).toMatchObject({ kind: "ethForTokens", path: [v2.weth, v2.tusd] });

    const ttkIn = parseUnits("1500", 18);
    const sell = await source.quote(request({ fromToken: ttk(), toToken: ETH, amount: ttkIn.toString() }), never);
    expect(sell.toAmount).toBe(((await amountsOut(ttkIn, [v2.ttk, v2.weth]))[1] ?? 0n).toString());
    expect(sell.approvalSpender).toBe(v2.router);
    expect(sell.build).toMatchObject({ kind: "tokensForEth", path: [v2.ttk, v2.weth] });
  });

  it("routes through WETH when the pair has no pool of its own", async () => {
    const other = await v2.deployToken("Only WETH", "OWT", 18);
    await v2.addLiquidity(other, v2.weth, parseUnits("100000", 18), parseEther("100"));
    const amount = parseUnits("300", 6);
    const quote = await source.quote(
      request({ fromToken: tusd(), toToken: { address: other, decimals: 18, symbol: "OWT" }, amount: String(amount) }),
      never,
    );
    const amounts = await amountsOut(amount, [v2.tusd, v2.weth, other]);
    expect(quote.toAmount).toBe((amounts[2] ?? 0n).toString());
    expect(quote.build).toMatchObject({ path: [v2.tusd, v2.weth, other] });
    expect(quote.gasNative).toBe(
      (
        (UNISWAP_V2_FIXED_GAS.tokensForTokens + UNISWAP_V2_GAS_PER_EXTRA_HOP) *
        (await v2.reader.getGasPrice())
      ).toString(),
    );
  });

  it("says which pairs it cannot quote", async () => {
    const lonely = await v2.deployToken("No Pool", "NOP", 18);
    const noPool = await quoteError(
      source.quote(
        request({ fromToken: tusd(), toToken: { address: lonely, decimals: 18, symbol: "NOP" }, amount: "1000000" }),
        never,
      ),
    );
    expect(noPool.reason).toBe("unsupportedSwapPair");

    // a pool made but never given liquidity: the router's library refuses
    const empty = await v2.deployToken("Empty Pool", "EMP", 18);
    const hash = await walletOf(v2.deployer).writeContract({
      address: v2.factory,
      abi: factoryWriteAbi,
      functionName: "createPair",
      args: [v2.tusd, empty],
    });
    await v2.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const dry = await quoteError(
      source.quote(
        request({ fromToken: tusd(), toToken: { address: empty, decimals: 18, symbol: "EMP" }, amount: "1000000" }),
        never,
      ),
    );
    expect(dry.reason).toBe("insufficientLiquidity");
    expect(dry.message).toContain("INSUFFICIENT_LIQUIDITY");

    const wrap = await quoteError(
      source.quote(request({ fromToken: ETH, toToken: { ...ETH, address: v2.weth }, amount: "1000" }), never),
    );
    expect(wrap.reason).toBe("unsupportedSwapPair");
    const zero = await quoteError(source.quote(request({ fromToken: tusd(), toToken: ttk(), amount: "0" }), never));
    expect(zero.reason).toBe("amountOutOfRange");
    const otherChain = await quoteError(
      source.quote(request({ fromToken: tusd(), toToken: ttk(), amount: "1000", toChainId: 1 }), never),
    );
    expect(otherChain.reason).toBe("unsupportedSwapPair");
  });

  it("says the node cannot be reached when it does not answer, and stops when the caller gives up", async () => {
    const port = await freePort();
    const down = createUniswapV2Source({
      chainId: CHAIN_ID,
      router: v2.router,
      client: createPublicClient({ transport: http(`http://127.0.0.1:${port}`, { retryCount: 0 }) }),
    });
    const error = await quoteError(down.quote(request({ fromToken: tusd(), toToken: ttk(), amount: "1000" }), never));
    expect(error.reason).toBe("quoteServiceUnreachable");

    const gaveUp = new AbortController();
    const reason = new Error("gave up");
    gaveUp.abort(reason);
    await expect(
      source.quote(request({ fromToken: tusd(), toToken: ttk(), amount: "1000" }), gaveUp.signal),
    ).rejects.toBe(reason);
  });

  it("sells ETH with the quoted transaction: the wallet gets the quoted tokens", async () => {
    const buyer = await newWallet("buyer");
    const amount = parseEther("2");
    const quote = await source.quote(
      request({ fromToken: ETH, toToken: tusd(), amount: amount.toString(), fromAddress: buyer.address }),
      never,
    );
    const tx = quote.tx;
    if (!tx) throw new Error("a quote for a wallet carries its transaction");
    // nothing to approve: estimated at once
    expect(tx.gas).not.toBeNull();
    expect(tx.value).toBe(amount.toString());
    const decoded = decodeFunctionData({ abi: swapAbi, data: tx.data });
    expect(decoded.functionName).toBe("swapExactETHForTokens");
    expect(decoded.args).toEqual([
      BigInt(quote.toAmountMin),
      [v2.weth, v2.tusd],
      buyer.address,
      BigInt(clock.now().getTime() / 1000 + UNISWAP_V2_DEADLINE_SECONDS),
    ]);

    const ethBefore = await v2.balanceOf(zeroAddress, buyer.address);
    const tusdBefore = await v2.balanceOf(v2.tusd, buyer.address);
    const receipt = await send(buyer, tx);
    expect(receipt.status).toBe("success");
    expect(receipt.gasUsed).toBeLessThanOrEqual(UNISWAP_V2_FIXED_GAS.ethForTokens);
    expect((await v2.balanceOf(v2.tusd, buyer.address)) - tusdBefore).toBe(BigInt(quote.toAmount));
    const spent = ethBefore - (await v2.balanceOf(zeroAddress, buyer.address));
    expect(spent).toBe(amount + receipt.gasUsed * receipt.effectiveGasPrice);
  });

  it("sells an ERC-20 only after the approval; the quote then carries an estimated gas limit", async () => {
    const seller = await newWallet("seller");
    const amount = parseUnits("3000", 6);
    await v2.fund(seller.address, { tusd: amount });
    const ask = request({ fromToken: tusd(), toToken: ETH, amount: amount.toString(), fromAddress: seller.address });

    const unapproved = await source.quote(ask, never);
    if (!unapproved.tx) throw new Error("a quote for a wallet carries its transaction");
    expect(unapproved.tx.gas).toBeNull();
    expect(unapproved.approvalSpender).toBe(v2.router);
    // sent anyway, it reverts: the router may not take the tokens
    const refused = await send(seller, unapproved.tx);
    expect(refused.status).toBe("reverted");
    expect(await v2.balanceOf(v2.tusd, seller.address)).toBe(amount);

    await approve(seller, v2.tusd, amount);
    const quote = await source.quote(ask, never);
    const tx = quote.tx;
    if (!tx) throw new Error("a quote for a wallet carries its transaction");
    expect(tx.gas).not.toBeNull();
    expect(tx.value).toBe("0");
    expect(decodeFunctionData({ abi: swapAbi, data: tx.data }).functionName).toBe("swapExactTokensForETH");
    const ethBefore = await v2.balanceOf(zeroAddress, seller.address);
    const receipt = await send(seller, tx);
    expect(receipt.status).toBe("success");
    expect(receipt.gasUsed).toBeLessThanOrEqual(UNISWAP_V2_FIXED_GAS.tokensForEth);
    expect(await v2.balanceOf(v2.tusd, seller.address)).toBe(0n);
    const received = (await v2.balanceOf(zeroAddress, seller.address)) - ethBefore;
    expect(received + receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(quote.toAmount));
  });

  it("builds the transaction of a kept quote to the receiving address; front-run past the slippage, it reverts and nothing moves", async () => {
    const trader = await newWallet("trader");
    const receiver = privateKeyToAccount(`0x${"5a".repeat(32)}`).address;
    const amount = parseUnits("10000", 6);
    await v2.fund(trader.address, { tusd: amount });
    await approve(trader, v2.tusd, amount);
    const ask = request({ fromToken: tusd(), toToken: ttk(), amount: amount.toString(), slippageBps: 50 });
    const quote = await source.quote(ask, never);
    clock.advance(30_000);
    const tx = await source.buildTx({ ...ask, fromAddress: trader.address, toAddress: receiver }, quote, never);
    expect(tx.gas).not.toBeNull();
    const decoded = decodeFunctionData({ abi: swapAbi, data: tx.data });
    expect(decoded.functionName).toBe("swapExactTokensForTokens");
    expect(decoded.args).toEqual([
      amount,
      BigInt(quote.toAmountMin),
      [v2.tusd, v2.ttk],
      receiver,
      BigInt(clock.now().getTime() / 1000 + UNISWAP_V2_DEADLINE_SECONDS),
    ]);

    // someone buys TTK with 50,000 TUSD first: the trader's TTK would now fall short of the minimum
    await v2.movePrice({ from: v2.tusd, to: v2.ttk, amountIn: parseUnits("50000", 6) });
    await expect(
      v2.reader.call({ account: trader.address, to: tx.to, data: tx.data, value: BigInt(tx.value) }),
    ).rejects.toThrow(/UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT/);
    const receipt = await send(trader, tx);
    expect(receipt.status).toBe("reverted");
    expect(await v2.balanceOf(v2.tusd, trader.address)).toBe(amount);
    expect(await v2.balanceOf(v2.ttk, receiver)).toBe(0n);

    // the gas figure without an estimate covers the swap when it goes through
    const fresh = await source.quote(ask, never);
    const sent = await send(trader, await source.buildTx({ ...ask, fromAddress: trader.address }, fresh, never));
    expect(sent.status).toBe("success");
    expect(sent.gasUsed).toBeLessThanOrEqual(UNISWAP_V2_FIXED_GAS.tokensForTokens);
    expect(await v2.balanceOf(v2.ttk, trader.address)).toBe(BigInt(fresh.toAmount));
  });

  it("refuses to build a quote it did not make", async () => {
    const ask = request({ fromToken: tusd(), toToken: ttk(), amount: "1000000" });
    const quote = await source.quote(ask, never);
    const from = privateKeyToAccount(ANVIL_KEYS[1]).address;
    const foreign = { ...quote, build: { routeId: "lifi-route" } };
    expect((await quoteError(source.buildTx({ ...ask, fromAddress: from }, foreign, never))).reason).toBe(
      "swapQuoteError",
    );
    const otherAmount = source.buildTx({ ...ask, amount: "2000000", fromAddress: from }, quote, never);
    expect((await quoteError(otherAmount)).reason).toBe("swapQuoteError");
  });
});
