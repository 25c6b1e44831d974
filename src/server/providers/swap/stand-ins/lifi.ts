import { json, type StandInReply, type StandInRequest } from "../../upstream/stand-in.ts";

/**
 * LI.FI's answers in its documented shapes (GET /quote: a Step of type "lifi" with included steps, estimate and
 * transactionRequest; GET /status: status/substatus/sending/receiving; errors: { message, code, errors[] }), built
 * from what the adapter asked so amounts follow the request. The amounts are the stand-in's own: one sold unit buys
 * `rate` bought units, less the fee taken from what is sold.
 */

export const LIFI_DIAMOND = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE";

export interface LifiQuoteOptions {
  /** bought units per sold unit, as an integer ratio numerator/denominator */
  rate?: { numerator: bigint; denominator: bigint };
  tool?: string;
  executionDuration?: number;
  /** the bridge used when the chains differ */
  bridge?: string;
}

export function lifiQuoteReply(request: StandInRequest, options: LifiQuoteOptions = {}): StandInReply {
  const q = request.query;
  const fromChainId = Number(q.get("fromChain"));
  const toChainId = Number(q.get("toChain"));
  const fromAmount = BigInt(q.get("fromAmount") ?? "0");
  const slippage = Number(q.get("slippage") ?? "0.005");
  const feeFraction = Number(q.get("fee") ?? "0");
  const feeBps = BigInt(Math.round(feeFraction * 10_000));
  const integratorFee = (fromAmount * feeBps) / 10_000n;
  const lifiFee = (fromAmount * 25n) / 10_000n;
  const swapped = fromAmount - integratorFee - lifiFee;
  const rate = options.rate ?? { numerator: 2n, denominator: 1n };
  const toAmount = (swapped * rate.numerator) / rate.denominator;
  const toAmountMin = (toAmount * BigInt(10_000 - Math.round(slippage * 10_000))) / 10_000n;
  const fromToken = q.get("fromToken") ?? "";
  const toToken = q.get("toToken") ?? "";
  const crossChain = fromChainId !== toChainId;
  const tool = crossChain ? (options.bridge ?? "stargateV2") : (options.tool ?? "uniswap");
  const action = (fromChain: number, toChain: number) => ({
    fromChainId: fromChain,
    toChainId: toChain,
    fromToken: { address: fromToken, chainId: fromChain, symbol: "FROM", decimals: 18, name: "From" },
    toToken: { address: toToken, chainId: toChain, symbol: "TO", decimals: 18, name: "To" },
    fromAmount: fromAmount.toString(),
    slippage,
    fromAddress: q.get("fromAddress"),
    toAddress: q.get("toAddress"),
  });
  const native = fromToken === "0x0000000000000000000000000000000000000000";
  return json({
    type: "lifi",
    id: "0x5c1b9b4e1f2e6a0d",
    tool,
    toolDetails: { key: tool, name: tool, logoURI: "" },
    action: action(fromChainId, toChainId),
    estimate: {
      tool,
      approvalAddress: LIFI_DIAMOND,
      fromAmount: fromAmount.toString(),
      toAmount: toAmount.toString(),
      toAmountMin: toAmountMin.toString(),
      executionDuration: options.executionDuration ?? (crossChain ? 64.5 : 30),
      feeCosts: [
        {
          name: "LIFI Fixed Fee",
          description: "Fixed LIFI fee, independent of any other fee",
          token: { address: fromToken, chainId: fromChainId, symbol: "FROM", decimals: 18 },
          amount: (lifiFee + integratorFee).toString(),
          amountUSD: "0.0250",
          percentage: "0.0025",
          included: true,
          feeSplit: { integratorFee: integratorFee.toString(), lifiFee: lifiFee.toString() },
        },
      ],
      gasCosts: [
        {
          type: "SEND",
          price: "65729222",
          estimate: "220266",
          limit: "286346",
          amount: "14477912813052",
          amountUSD: "0.0423",
          token: { address: "0x0000000000000000000000000000000000000000", chainId: fromChainId, symbol: "ETH" },
        },
        {
          type: "APPROVE",
          amount: "1000000000000",
          amountUSD: "0.0031",
          token: { address: "0x0000000000000000000000000000000000000000", chainId: fromChainId, symbol: "ETH" },
        },
      ],
    },
    includedSteps: [
      { id: "a", type: "protocol", tool: "feeCollection", action: action(fromChainId, fromChainId) },
      ...(crossChain
        ? [
            { id: "b", type: "swap", tool: options.tool ?? "uniswap", action: action(fromChainId, fromChainId) },
            { id: "c", type: "cross", tool, action: action(fromChainId, toChainId) },
          ]
        : [{ id: "b", type: "swap", tool, action: action(fromChainId, toChainId) }]),
    ],
    transactionRequest: {
      to: LIFI_DIAMOND,
      from: q.get("fromAddress"),
      data: "0x4630a0d8000000000000000000000000000000000000000000000000000000000000002a",
      value: native ? `0x${fromAmount.toString(16)}` : "0x0",
      chainId: fromChainId,
      gasPrice: "0x57bcf1",
      gasLimit: "0xb2089",
    },
  });
}

/** 404 NoQuoteError with the tools' errors, as LI.FI answers when nothing can quote */
export function lifiNoQuoteReply(toolCodes: string[]): StandInReply {
  return json(
    {
      message: "Unable to find a quote for the requested transfer.",
      code: 1002,
      errors: toolCodes.map((code, i) => ({
        errorType: "NO_QUOTE",
        code,
        tool: `tool${i}`,
        message: `tool${i}: ${code}`,
        action: {},
      })),
    },
    404,
  );
}

export function lifiValidationReply(message: string): StandInReply {
  return json({ message, code: 1011 }, 400);
}

export function lifiRateLimitReply(): StandInReply {
  return json({ message: "Too many requests", code: 1005 }, 429, { "retry-after": "30" });
}

export interface LifiStatusOptions {
  status: "NOT_FOUND" | "INVALID" | "PENDING" | "DONE" | "FAILED";
  substatus?: string;
  receivingTxHash?: string;
  receivedAmount?: string;
}

export function lifiStatusReply(request: StandInRequest, options: LifiStatusOptions): StandInReply {
  const fromChain = Number(request.query.get("fromChain") ?? "1");
  const toChain = Number(request.query.get("toChain") ?? fromChain);
  const sending = {
    txHash: request.query.get("txHash"),
    txLink: `https://explorer.example/tx/${request.query.get("txHash")}`,
    amount: "1000000",
    chainId: fromChain,
    gasPrice: "23079962248",
    gasUsed: "231727",
    gasAmountUSD: "14.0296",
  };
  const receiving = options.receivingTxHash
    ? { txHash: options.receivingTxHash, chainId: toChain, amount: options.receivedAmount, txLink: "" }
    : { chainId: toChain };
  return json({
    transactionId: "0x0959ee0fbb37a868752d7ae40b25dbfa3b7d72f499fa8386fd5f4105b18b62bd",
    status: options.status,
    substatus: options.substatus,
    substatusMessage: options.substatus ? `The transfer is ${options.substatus.toLowerCase()}.` : undefined,
    tool: "stargateV2",
    sending,
    receiving,
  });
}
