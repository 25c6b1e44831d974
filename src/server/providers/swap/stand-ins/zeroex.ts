import { json, type StandInReply, type StandInRequest } from "../../upstream/stand-in.ts";

/**
 * 0x Swap API v2's answers in their documented shapes: /swap/allowance-holder/price and /quote (liquidityAvailable,
 * buyAmount, minBuyAmount, fees {integratorFee, zeroExFee, gasFee}, issues {allowance, balance,
 * simulationIncomplete, invalidSourcesPassed}, route {fills, tokens}, totalNetworkFee, transaction on /quote, zid);
 * errors { name, message, data }.
 */

export const ALLOWANCE_HOLDER = "0x0000000000001fF3684f28c67538d4D072C22734";

export function zeroexQuoteReply(request: StandInRequest, rate = { numerator: 4n, denominator: 1n }): StandInReply {
  const q = request.query;
  const sellAmount = BigInt(q.get("sellAmount") ?? "0");
  const sellToken = q.get("sellToken") ?? "";
  const buyToken = q.get("buyToken") ?? "";
  const feeBps = BigInt(q.get("swapFeeBps") ?? "0");
  const integratorFee = (sellAmount * feeBps) / 10_000n;
  const zeroExFee = (sellAmount * 15n) / 10_000n;
  const buyAmount = ((sellAmount - integratorFee - zeroExFee) * rate.numerator) / rate.denominator;
  const slippageBps = BigInt(q.get("slippageBps") ?? "100");
  const native = sellToken.toLowerCase() === "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
  const firm = request.path.endsWith("/quote");
  const taker = q.get("taker");
  return json({
    blockNumber: "20114676",
    buyAmount: buyAmount.toString(),
    buyToken,
    fees: {
      integratorFee: feeBps > 0n ? { amount: integratorFee.toString(), token: sellToken, type: "volume" } : null,
      zeroExFee: { amount: zeroExFee.toString(), token: sellToken, type: "volume" },
      gasFee: null,
    },
    issues: {
      allowance: native || !taker ? null : { actual: "0", spender: ALLOWANCE_HOLDER },
      balance: null,
      simulationIncomplete: false,
      invalidSourcesPassed: [],
    },
    liquidityAvailable: true,
    minBuyAmount: ((buyAmount * (10_000n - slippageBps)) / 10_000n).toString(),
    route: {
      fills: [
        { from: sellToken, to: buyToken, source: "Uniswap_V3", proportionBps: "6000" },
        { from: sellToken, to: buyToken, source: "SolidlyV3", proportionBps: "4000" },
      ],
      tokens: [
        { address: sellToken, symbol: "SELL" },
        { address: buyToken, symbol: "BUY" },
      ],
    },
    sellAmount: sellAmount.toString(),
    sellToken,
    tokenMetadata: {
      buyToken: { buyTaxBps: "0", sellTaxBps: "0" },
      sellToken: { buyTaxBps: "0", sellTaxBps: "0" },
    },
    totalNetworkFee: "1393685870940000",
    ...(firm
      ? {
          transaction: {
            to: ALLOWANCE_HOLDER,
            data: "0x2213bc0b000000000000000000000000000000000000000000000000000000000000002a",
            gas: "288079",
            gasPrice: "4837860000",
            value: native ? sellAmount.toString() : "0",
          },
        }
      : { allowanceTarget: native ? null : ALLOWANCE_HOLDER, gas: "288079", gasPrice: "4837860000" }),
    zid: "0x111111111111111111111111",
  });
}

export function zeroexNoLiquidityReply(): StandInReply {
  return json({ liquidityAvailable: false, zid: "0x111111111111111111111111" });
}

export function zeroexErrorReply(
  name: string,
  status = 400,
  details: { field: string; reason: string }[] = [],
): StandInReply {
  return json({ name, message: name.toLowerCase().replace(/_/g, " "), data: { zid: "0x1", details } }, status);
}
