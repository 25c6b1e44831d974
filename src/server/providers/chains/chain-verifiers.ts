import type { PayChain } from "../../config.ts";
import type { ChainVerifier } from "./chain-verifier.ts";
import { createEvmUsdtVerifier } from "./evm-usdt-verifier.ts";
import { createTronGridVerifier } from "./trongrid-verifier.ts";

/** The verifier of each configured chain, by its code. */
export function createChainVerifiers(chains: readonly PayChain[]): Map<string, ChainVerifier> {
  const verifiers = new Map<string, ChainVerifier>();
  for (const chain of chains) {
    if (chain.kind === "evm" && chain.chainId === null) throw new Error(`the EVM chain ${chain.code} has no chain id`);
    verifiers.set(
      chain.code,
      chain.kind === "tron"
        ? createTronGridVerifier({
            code: chain.code,
            baseUrl: chain.rpcUrl,
            apiKey: chain.apiKey,
            usdt: chain.usdt,
            decimals: chain.decimals,
          })
        : createEvmUsdtVerifier({
            code: chain.code,
            chainId: chain.chainId ?? Number.NaN,
            rpcUrl: chain.rpcUrl,
            usdt: chain.usdt,
            decimals: chain.decimals,
          }),
    );
  }
  return verifiers;
}
