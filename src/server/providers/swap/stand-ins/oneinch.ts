import { json, type StandInReply, type StandInRequest } from "../../upstream/stand-in.ts";

/**
 * 1inch Classic Swap API v6.0's answers in their documented shapes: GET /{chain}/quote → { dstAmount, protocols,
 * gas }, GET /{chain}/swap → { dstAmount, tx: { from, to, data, value, gas, gasPrice }, protocols },
 * GET /{chain}/approve/spender → { address }; errors → { error, description, statusCode, requestId, meta }.
 */

export const ONEINCH_ROUTER_V6 = "0x111111125421cA6dc452d289314280a0f8842A65";

export function oneinchReply(
  request: StandInRequest,
  rate = { numerator: 5n, denominator: 1n },
): StandInReply | undefined {
  const parts = request.path.split("/").filter(Boolean);
  const kind = parts.slice(1).join("/");
  if (kind === "approve/spender") return json({ address: ONEINCH_ROUTER_V6 });
  const q = request.query;
  const amount = BigInt(q.get("amount") ?? "0");
  const feeBps = BigInt(Math.round(Number(q.get("fee") ?? "0") * 100));
  const gross = (amount * rate.numerator) / rate.denominator;
  const dstAmount = gross - (gross * feeBps) / 10_000n;
  const protocols = [
    [
      [
        { name: "UNISWAP_V3", part: 100, fromTokenAddress: q.get("src"), toTokenAddress: q.get("dst") },
        { name: "CURVE_V2", part: 0, fromTokenAddress: q.get("src"), toTokenAddress: q.get("dst") },
      ],
    ],
    [[{ name: "UNISWAP_V3", part: 100, fromTokenAddress: q.get("src"), toTokenAddress: q.get("dst") }]],
  ];
  if (kind === "quote") return json({ dstAmount: dstAmount.toString(), protocols, gas: 181_416 });
  if (kind === "swap") {
    const native = q.get("src")?.toLowerCase() === "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
    return json({
      dstAmount: dstAmount.toString(),
      protocols,
      tx: {
        from: q.get("from"),
        to: ONEINCH_ROUTER_V6,
        data: "0x07ed2379000000000000000000000000000000000000000000000000000000000000002a",
        value: native ? amount.toString() : "0",
        gas: 0,
        gasPrice: "15000000000",
      },
    });
  }
  return undefined;
}

export function oneinchErrorReply(description: string, status = 400): StandInReply {
  return json(
    {
      error: status === 400 ? "Bad Request" : "Error",
      description,
      statusCode: status,
      requestId: "2b1e0c0b-6f0f-4b55-9d3e-7b6e0c1b4a11",
      meta: [],
    },
    status,
  );
}
