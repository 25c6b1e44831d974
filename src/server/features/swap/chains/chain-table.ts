import { type Chain, createPublicClient, defineChain, http, type PublicClient } from "viem";
import { Swap } from "../../../../contract/constants.ts";
import type { ChainEntry } from "../../../../contract/swap.ts";
import type { SwapSettings } from "../../../config-swap.ts";
import { upstreamFetch } from "../../../providers/evm-rpc.ts";
import { quotableChainIds } from "../../../providers/swap/quote-sources.ts";
import type { ChainTable } from "../ports.ts";
import { evmChainData, nonEvmChainData } from "./chain-data.ts";
import { noteRpcRequest } from "./rpc-requests.ts";

/**
 * spec §3 chain table: the EVM networks of chain-data.ts plus BTC and TRON, and the local Uniswap v2 chain when one
 * is set up. Clients read through the node of CHAIN_RPC_URL_<id> when set, else the chain's public node; the table
 * shows wallets the public URL (an operator's node URL may carry a key).
 */

/** a node that has not answered in this long is down for this request */
const CHAIN_RPC_TIMEOUT_MS = 8_000;
/** spec §7: JSON-RPC batches of at most 100 requests */
export const RPC_BATCH_SIZE = 100;
/** the netWork code of the local Uniswap v2 chain when its id is none of the table's */
export const LOCAL_NETWORK = "LOCAL";
const LOCAL_GAS_LIMIT = 800_000;

export interface ChainTableOptions {
  /** per-request timeout of the nodes (default CHAIN_RPC_TIMEOUT_MS) */
  timeoutMs?: number;
}

interface Row {
  entry: ChainEntry;
  /** viem's chain (EVM only) */
  chain: Chain | undefined;
  /** the node the server reads */
  readUrl: string | undefined;
  explorer: string | undefined;
  txPath: (hash: string) => string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function createChainTable(settings: SwapSettings, options: ChainTableOptions = {}): ChainTable {
  const timeoutMs = options.timeoutMs ?? CHAIN_RPC_TIMEOUT_MS;
  const quotable = quotableChainIds(settings);
  const local = settings.uniswapV2;
  const walletConnectIds: readonly number[] = Swap.walletConnectChainIds;

  const rows = new Map<number, Row>();
  for (const data of evmChainData) {
    const chain = data.chain;
    const explorer = chain.blockExplorers?.default.url;
    const publicUrl = chain.rpcUrls.default.http[0] ?? "";
    const isLocal = local?.chainId === chain.id;
    rows.set(chain.id, {
      entry: {
        netWork: data.netWork,
        chainId: chain.id,
        name: chain.name,
        symbol: chain.nativeCurrency.symbol,
        decimals: chain.nativeCurrency.decimals,
        gasLimit: data.gasLimit,
        rpcUrl: publicUrl,
        blockExplorerUrls: explorer ? [trimSlash(explorer)] : [],
        isEvm: true,
        walletConnect: walletConnectIds.includes(chain.id),
        swappable: quotable.has(chain.id),
        multicall: chain.contracts?.multicall3 !== undefined,
      },
      chain,
      readUrl: settings.rpcUrls[chain.id] ?? (isLocal ? local.rpcUrl : publicUrl),
      explorer: explorer ? trimSlash(explorer) : undefined,
      txPath: (hash) => `/tx/${hash}`,
    });
  }
  for (const data of nonEvmChainData) {
    rows.set(data.chainId, {
      entry: {
        netWork: data.netWork,
        chainId: data.chainId,
        name: data.name,
        symbol: data.symbol,
        decimals: data.decimals,
        gasLimit: 0,
        rpcUrl: data.rpcUrl,
        blockExplorerUrls: [data.explorer],
        isEvm: false,
        walletConnect: false,
        swappable: false,
        multicall: false,
      },
      chain: undefined,
      readUrl: undefined,
      explorer: data.explorer,
      txPath: data.txPath,
    });
  }
  if (local && !rows.has(local.chainId)) {
    const chain = defineChain({
      id: local.chainId,
      name: local.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [local.rpcUrl] } },
    });
    rows.set(local.chainId, {
      entry: {
        netWork: LOCAL_NETWORK,
        chainId: local.chainId,
        name: local.name,
        symbol: "ETH",
        decimals: 18,
        gasLimit: LOCAL_GAS_LIMIT,
        rpcUrl: local.rpcUrl,
        blockExplorerUrls: [],
        isEvm: true,
        walletConnect: walletConnectIds.includes(local.chainId),
        swappable: quotable.has(local.chainId),
        multicall: false,
      },
      chain,
      readUrl: settings.rpcUrls[local.chainId] ?? local.rpcUrl,
      explorer: undefined,
      txPath: (hash) => `/tx/${hash}`,
    });
  }

  const entries = [...rows.values()].map((row) => row.entry);
  const clients = new Map<number, PublicClient>();

  return {
    all: () => entries.map((entry) => ({ ...entry, blockExplorerUrls: [...entry.blockExplorerUrls] })),
    byId(chainId) {
      const entry = rows.get(chainId)?.entry;
      return entry ? { ...entry, blockExplorerUrls: [...entry.blockExplorerUrls] } : undefined;
    },
    client(chainId) {
      const cached = clients.get(chainId);
      if (cached) return cached;
      const row = rows.get(chainId);
      if (!row?.chain || !row.readUrl) return undefined;
      const client = createPublicClient({
        chain: row.chain,
        transport: http(row.readUrl, {
          batch: { batchSize: RPC_BATCH_SIZE },
          timeout: timeoutMs,
          // through the upstream client (its timeout, user agent and error handling); a dead node fails the request
          // at once rather than being asked again
          fetchFn: upstreamFetch(chainId, timeoutMs),
          retryCount: 0,
          onFetchRequest: () => {
            noteRpcRequest();
          },
        }),
        // reads of contracts (readContract) go out as Multicall3 calls where the chain has it
        ...(row.entry.multicall ? { batch: { multicall: true } } : {}),
      });
      clients.set(chainId, client);
      return client;
    },
    txUrl(chainId, hash) {
      const row = rows.get(chainId);
      if (!row?.explorer) return null;
      return `${row.explorer}${row.txPath(hash)}`;
    },
  };
}
