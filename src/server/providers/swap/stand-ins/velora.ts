import { json, type StandInReply, type StandInRequest } from "../../upstream/stand-in.ts";

/**
 * Velora's (ParaSwap's) answers in their documented shapes: GET /prices → { priceRoute } (PriceRoute: blockNumber,
 * network, srcToken, srcDecimals, srcAmount, destToken, destDecimals, destAmount, bestRoute, gasCostUSD, gasCost,
 * side, version, contractAddress, tokenTransferProxy, contractMethod, partnerFee, srcUSD, destUSD, partner,
 * maxImpactReached, hmac); POST /transactions/:network → TransactionParams; errors → 400 { error }.
 */

/** Augustus v6.2: the one contract that swaps and is approved to */
export const AUGUSTUS_V6_2 = "0x6A000F20005980200259B80c5102003040001068";

export function veloraPricesReply(request: StandInRequest, rate = { numerator: 3n, denominator: 1n }): StandInReply {
  const q = request.query;
  const amount = BigInt(q.get("amount") ?? "0");
  const feeBps = BigInt(q.get("partnerFeeBps") ?? "0");
  const gross = (amount * rate.numerator) / rate.denominator;
  const destAmount = gross - (gross * feeBps) / 10_000n;
  const srcToken = q.get("srcToken") ?? "";
  const destToken = q.get("destToken") ?? "";
  const swap = (exchange: string, percent: number) => ({
    exchange,
    srcAmount: ((amount * BigInt(percent)) / 100n).toString(),
    destAmount: ((destAmount * BigInt(percent)) / 100n).toString(),
    percent,
    poolAddresses: ["0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640"],
    data: { gasUSD: "1.2" },
  });
  return json({
    priceRoute: {
      blockNumber: 19_000_000,
      network: Number(q.get("network")),
      srcToken,
      srcDecimals: Number(q.get("srcDecimals")),
      srcAmount: amount.toString(),
      destToken,
      destDecimals: Number(q.get("destDecimals")),
      destAmount: destAmount.toString(),
      bestRoute: [
        {
          percent: 100,
          swaps: [
            {
              srcToken,
              srcDecimals: Number(q.get("srcDecimals")),
              destToken,
              destDecimals: Number(q.get("destDecimals")),
              swapExchanges: [swap("UniswapV3", 70), swap("CurveV1", 30)],
            },
          ],
        },
      ],
      gasCostUSD: "2.315481",
      gasCost: "160200",
      side: "SELL",
      version: "6.2",
      contractAddress: AUGUSTUS_V6_2,
      tokenTransferProxy: AUGUSTUS_V6_2,
      contractMethod: "swapExactAmountIn",
      partnerFee: Number(feeBps) / 100,
      srcUSD: "10.0000",
      destUSD: "9.9900",
      partner: q.get("partner") ?? "anon",
      maxImpactReached: false,
      hmac: "4f7ec5a8e0c1f6d4b2a39e1c0d5b7a6f8e9d0c1b",
    },
  });
}

export function veloraTransactionReply(request: StandInRequest, withGas = false): StandInReply {
  const body = (request.body ?? {}) as { userAddress?: string; priceRoute?: { srcToken?: string } };
  const native = body.priceRoute?.srcToken?.toLowerCase() === "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
  const srcAmount = (request.body as { srcAmount?: string } | undefined)?.srcAmount ?? "0";
  return json({
    from: body.userAddress,
    to: AUGUSTUS_V6_2,
    value: native ? srcAmount : "0",
    data: "0xe3ead59e000000000000000000000000000000000000000000000000000000000000002a",
    gasPrice: "16000000000",
    ...(withGas ? { gas: "201345" } : {}),
    chainId: Number(request.path.split("/").pop()),
  });
}

export function veloraErrorReply(error: string, status = 400): StandInReply {
  return json({ error }, status);
}
