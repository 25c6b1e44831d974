import { type Chain, defineChain } from "viem";
import {
  abstract,
  apeChain,
  arbitrum,
  arbitrumNova,
  aurora,
  avalanche,
  base,
  berachain,
  bitTorrent,
  blast,
  bob,
  boba,
  bsc,
  canto,
  celo,
  confluxESpace,
  coreDao,
  cronos,
  dogechain,
  evmos,
  fantom,
  fraxtal,
  fuse,
  fusion,
  gnosis,
  harmonyOne,
  hyperEvm,
  ink,
  iotex,
  kaia,
  kava,
  kcc,
  linea,
  lisk,
  mainnet,
  manta,
  mantle,
  metis,
  mode,
  monad,
  moonbeam,
  moonriver,
  okc,
  opBNB,
  optimism,
  polygon,
  polygonZkEvm,
  rootstock,
  scroll,
  sei,
  soneium,
  sonic,
  syscoin,
  taiko,
  telos,
  unichain,
  velas,
  wanchain,
  worldchain,
  xLayer,
  zetachain,
  zksync,
  zora,
} from "viem/chains";
import { Swap } from "../../../../contract/constants.ts";

/**
 * The chain table's data (spec §3: about 60 EVM networks plus BTC and TRON). Every EVM network is viem's chain
 * definition (id, name, native coin, public JSON-RPC URL, explorer, Multicall3 deployment) plus our fields: the
 * netWork code the API and the client use (spec §3's codes start ETH, BSC, HECO, POLYGON) and a gas limit that
 * covers a swap there. The order is the order of getSupportChainList.
 */

/** our ceiling for a swap (an aggregator's route with an approval-free call): 800k gas on most EVM chains */
const SWAP_GAS = 800_000;
/**
 * chains whose gas units also pay for L1 data or pubdata (Arbitrum's ArbGas, ZKsync's and Abstract's zkStack gas):
 * the same swap takes several times the units, so the ceiling is higher
 */
const L1_DATA_GAS = 4_000_000;

/**
 * HECO (Huobi ECO Chain, chain id 128) is one of the spec's first codes; viem has no definition of it, so it is
 * defined here with its published chain id, coin (HT, 18 decimals), public node and explorer.
 */
const heco: Chain = defineChain({
  id: 128,
  name: "HECO",
  nativeCurrency: { name: "Huobi Token", symbol: "HT", decimals: 18 },
  rpcUrls: { default: { http: ["https://http-mainnet.hecochain.com"] } },
  blockExplorers: { default: { name: "HecoInfo", url: "https://hecoinfo.com" } },
});

export interface EvmChainData {
  netWork: string;
  chain: Chain;
  gasLimit: number;
}

/** The EVM networks, spec §3's first codes first. */
export const evmChainData: readonly EvmChainData[] = [
  { netWork: "ETH", chain: mainnet, gasLimit: SWAP_GAS },
  { netWork: "BSC", chain: bsc, gasLimit: SWAP_GAS },
  { netWork: "HECO", chain: heco, gasLimit: SWAP_GAS },
  { netWork: "POLYGON", chain: polygon, gasLimit: SWAP_GAS },
  { netWork: "ARBITRUM", chain: arbitrum, gasLimit: L1_DATA_GAS },
  { netWork: "OPTIMISM", chain: optimism, gasLimit: SWAP_GAS },
  { netWork: "BASE", chain: base, gasLimit: SWAP_GAS },
  { netWork: "AVAXC", chain: avalanche, gasLimit: SWAP_GAS },
  { netWork: "FANTOM", chain: fantom, gasLimit: SWAP_GAS },
  { netWork: "GNOSIS", chain: gnosis, gasLimit: SWAP_GAS },
  { netWork: "ZKSYNC", chain: zksync, gasLimit: L1_DATA_GAS },
  { netWork: "CELO", chain: celo, gasLimit: SWAP_GAS },
  { netWork: "LINEA", chain: linea, gasLimit: SWAP_GAS },
  { netWork: "SCROLL", chain: scroll, gasLimit: SWAP_GAS },
  { netWork: "MANTLE", chain: mantle, gasLimit: SWAP_GAS },
  { netWork: "BLAST", chain: blast, gasLimit: SWAP_GAS },
  { netWork: "POLYGONZKEVM", chain: polygonZkEvm, gasLimit: SWAP_GAS },
  { netWork: "OKC", chain: okc, gasLimit: SWAP_GAS },
  { netWork: "CRONOS", chain: cronos, gasLimit: SWAP_GAS },
  { netWork: "MOONBEAM", chain: moonbeam, gasLimit: SWAP_GAS },
  { netWork: "MOONRIVER", chain: moonriver, gasLimit: SWAP_GAS },
  { netWork: "HARMONY", chain: harmonyOne, gasLimit: SWAP_GAS },
  { netWork: "AURORA", chain: aurora, gasLimit: SWAP_GAS },
  { netWork: "METIS", chain: metis, gasLimit: SWAP_GAS },
  { netWork: "BOBA", chain: boba, gasLimit: SWAP_GAS },
  { netWork: "FUSE", chain: fuse, gasLimit: SWAP_GAS },
  { netWork: "KAVA", chain: kava, gasLimit: SWAP_GAS },
  { netWork: "KCC", chain: kcc, gasLimit: SWAP_GAS },
  { netWork: "KAIA", chain: kaia, gasLimit: SWAP_GAS },
  { netWork: "CANTO", chain: canto, gasLimit: SWAP_GAS },
  { netWork: "EVMOS", chain: evmos, gasLimit: SWAP_GAS },
  { netWork: "TELOS", chain: telos, gasLimit: SWAP_GAS },
  { netWork: "SYSCOIN", chain: syscoin, gasLimit: SWAP_GAS },
  { netWork: "VELAS", chain: velas, gasLimit: SWAP_GAS },
  { netWork: "BTTC", chain: bitTorrent, gasLimit: SWAP_GAS },
  { netWork: "WANCHAIN", chain: wanchain, gasLimit: SWAP_GAS },
  { netWork: "CONFLUX", chain: confluxESpace, gasLimit: SWAP_GAS },
  { netWork: "DOGECHAIN", chain: dogechain, gasLimit: SWAP_GAS },
  { netWork: "IOTEX", chain: iotex, gasLimit: SWAP_GAS },
  { netWork: "FUSION", chain: fusion, gasLimit: SWAP_GAS },
  { netWork: "ROOTSTOCK", chain: rootstock, gasLimit: SWAP_GAS },
  { netWork: "ARBITRUMNOVA", chain: arbitrumNova, gasLimit: L1_DATA_GAS },
  { netWork: "OPBNB", chain: opBNB, gasLimit: SWAP_GAS },
  { netWork: "XLAYER", chain: xLayer, gasLimit: SWAP_GAS },
  { netWork: "MANTA", chain: manta, gasLimit: SWAP_GAS },
  { netWork: "MODE", chain: mode, gasLimit: SWAP_GAS },
  { netWork: "ZORA", chain: zora, gasLimit: SWAP_GAS },
  { netWork: "FRAXTAL", chain: fraxtal, gasLimit: SWAP_GAS },
  { netWork: "COREDAO", chain: coreDao, gasLimit: SWAP_GAS },
  { netWork: "ZETACHAIN", chain: zetachain, gasLimit: SWAP_GAS },
  { netWork: "TAIKO", chain: taiko, gasLimit: SWAP_GAS },
  { netWork: "LISK", chain: lisk, gasLimit: SWAP_GAS },
  { netWork: "BOB", chain: bob, gasLimit: SWAP_GAS },
  { netWork: "SEI", chain: sei, gasLimit: SWAP_GAS },
  { netWork: "SONIC", chain: sonic, gasLimit: SWAP_GAS },
  { netWork: "BERACHAIN", chain: berachain, gasLimit: SWAP_GAS },
  { netWork: "UNICHAIN", chain: unichain, gasLimit: SWAP_GAS },
  { netWork: "WORLDCHAIN", chain: worldchain, gasLimit: SWAP_GAS },
  { netWork: "SONEIUM", chain: soneium, gasLimit: SWAP_GAS },
  { netWork: "INK", chain: ink, gasLimit: SWAP_GAS },
  { netWork: "ABSTRACT", chain: abstract, gasLimit: L1_DATA_GAS },
  { netWork: "APECHAIN", chain: apeChain, gasLimit: SWAP_GAS },
  { netWork: "HYPEREVM", chain: hyperEvm, gasLimit: SWAP_GAS },
  { netWork: "MONAD", chain: monad, gasLimit: SWAP_GAS },
];

export interface NonEvmChainData {
  netWork: string;
  chainId: number;
  name: string;
  symbol: string;
  decimals: number;
  /** the public API wallets and readers use (no JSON-RPC of the EVM kind) */
  rpcUrl: string;
  explorer: string;
  /** the explorer's path of a transaction, after the explorer's URL */
  txPath: (hash: string) => string;
}

/** BTC and TRON: in the table for the connect dialog's tabs (spec §2, §5); balances and swaps are EVM only. */
export const nonEvmChainData: readonly NonEvmChainData[] = [
  {
    netWork: "BTC",
    chainId: Swap.btcChainId,
    name: "Bitcoin",
    symbol: "BTC",
    decimals: 8,
    rpcUrl: "https://mempool.space/api",
    explorer: "https://mempool.space",
    txPath: (hash) => `/tx/${hash}`,
  },
  {
    netWork: "TRON",
    chainId: Swap.tronLinkChainId,
    name: "TRON",
    symbol: "TRX",
    decimals: 6,
    rpcUrl: "https://api.trongrid.io",
    explorer: "https://tronscan.org",
    txPath: (hash) => `/#/transaction/${hash.replace(/^0x/, "")}`,
  },
];
