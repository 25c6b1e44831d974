import { decodeFunctionData, type Hex, parseAbi } from "viem";

/**
 * The deadline (unix seconds) a swap's calldata carries, for the routers whose calls end in one (Uniswap v2 and its
 * forks); undefined for another call. Past it the router reverts the swap, so a stored swap is never sent again then.
 */
const ROUTER_V2 = parseAbi([
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)",
  "function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
]);

export function routerDeadline(data: string): number | undefined {
  try {
    const { args } = decodeFunctionData({ abi: ROUTER_V2, data: data as Hex });
    const last = args.at(-1);
    return typeof last === "bigint" ? Number(last) : undefined;
  } catch {
    return undefined;
  }
}
