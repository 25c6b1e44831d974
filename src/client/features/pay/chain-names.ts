/** How the top-up names a chain: the network with its USDT token standard (spec §9 default USDT (ERC20)). */
const chainNames: Readonly<Record<string, string>> = {
  ETH: "Ethereum (ERC20)",
  BSC: "BNB Smart Chain (BEP20)",
  POLYGON: "Polygon",
  TRON: "TRON (TRC20)",
};

/** A chain code's name; a chain this app does not know by name shows its code. */
export function chainName(code: string): string {
  return chainNames[code] ?? code;
}
