import { type Address, createPublicClient, type Hex, http } from "viem";
import { callUpstream } from "./upstream/upstream-call.ts";

/**
 * Signature checks by an EVM chain's JSON-RPC node (EVM_RPC_URL_<chainId>): viem's `verifyMessage` action, which
 * asks the chain whether a contract wallet accepts the signature (ERC-1271 `isValidSignature`, and ERC-6492 for
 * a wallet that is not deployed yet) and recovers an ordinary account's. The calls go through the upstream
 * module's HTTP client, within its timeout. The node is first asked its chain id each time: viem takes a failed
 * call for an invalid signature, and a node of another chain would answer for other contracts.
 */

export const EVM_RPC_TIMEOUT_MS = 5_000;

export interface EvmMessageCheck {
  address: Address;
  message: string;
  signature: Hex;
}

/** One chain's node; `verifyMessage` throws when the node cannot be asked. */
export interface EvmNode {
  verifyMessage(check: EvmMessageCheck): Promise<boolean>;
}

/** The upstream client as a fetch function, so viem's transport makes its calls through it. */
export function upstreamFetch(chainId: number, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await callUpstream(`evm rpc ${chainId}`, url, {
      method: "POST",
      headers: new Headers(init?.headers),
      body: init?.body ?? undefined,
      timeoutMs,
      signal: init?.signal ?? undefined,
    });
    const body = answer.status === 204 || answer.status === 304 ? null : answer.text();
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

export function createEvmNode(chainId: number, rpcUrl: string, timeoutMs = EVM_RPC_TIMEOUT_MS): EvmNode {
  const client = createPublicClient({
    transport: http(rpcUrl, { fetchFn: upstreamFetch(chainId, timeoutMs), retryCount: 0, timeout: timeoutMs }),
  });
  return {
    async verifyMessage({ address, message, signature }) {
      // viem reads a failed call as "not valid": ask the node its chain first, so an unreachable node (or one of
      // another chain) is an error rather than a refused signature
      const served = await client.getChainId();
      if (served !== chainId) throw new Error(`the node configured for chain ${chainId} serves chain ${served}`);
      return client.verifyMessage({ address, message, signature });
    },
  };
}

/** The nodes of the chains that have one configured, by chain id. */
export function createEvmNodes(rpcUrls: Readonly<Record<number, string>>): (chainId: number) => EvmNode | undefined {
  const nodes = new Map<number, EvmNode>();
  for (const [chainId, url] of Object.entries(rpcUrls)) nodes.set(Number(chainId), createEvmNode(Number(chainId), url));
  return (chainId) => nodes.get(chainId);
}
