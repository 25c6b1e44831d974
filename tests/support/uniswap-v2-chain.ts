import { createRequire } from "node:module";
import {
  type Abi,
  type Address,
  type Chain,
  erc20Abi,
  getAddress,
  type Hex,
  keccak256,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
  zeroAddress,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { type Anvil, startAnvil } from "../api/anvil.ts";
import { anvilClients, compileTestUsdt } from "./test-usdt-chain.ts";

/**
 * Uniswap v2 on a local chain, deployed from the official npm artifacts: WETH9 and UniswapV2Router02 from
 * `@uniswap/v2-periphery`, UniswapV2Factory from `@uniswap/v2-core`, two test tokens (fixtures/TestUsdt.sol: "Test
 * USD" TUSD with 6 decimals and "Test Token" TTK with 18) and three pools at one set of prices (1 ETH = 3,000 TUSD,
 * 1 TTK = 2 TUSD, so 1 ETH = 1,500 TTK). Anvil's account 0 deploys, in this order: WETH9, the factory, the router,
 * TUSD, TTK; so on a fresh chain (or after the same earlier transactions of that account) the addresses are always
 * the same.
 *
 * The router finds a pair's address without asking the factory: UniswapV2Library.pairFor hashes the factory, the
 * two tokens and the keccak256 of the pair's creation code, a constant compiled into the router. The factory deploys
 * the pair from the creation code compiled into it. Both come from the same UniswapV2Pair build (the npm v2-core
 * artifact's keccak256 is 0x96e8ac42...845f, the constant the periphery build carries), and `deployUniswapV2`
 * checks this before deploying: a mismatch would make every swap call a wrong address.
 */

const require = createRequire(import.meta.url);
const artifactSchema = z.object({
  abi: z.array(z.record(z.string(), z.unknown())),
  bytecode: z.string().regex(/^(0x)?[0-9a-fA-F]+$/),
});

function artifact(name: string): { abi: Abi; bytecode: Hex } {
  const parsed = artifactSchema.parse(require(name));
  const hex = parsed.bytecode.replace(/^0x/, "").toLowerCase();
  // the artifacts' ABI JSON is viem's Abi type
  return { abi: parsed.abi as unknown as Abi, bytecode: `0x${hex}` };
}

const WETH9 = artifact("@uniswap/v2-periphery/build/WETH9.json");
const FACTORY = artifact("@uniswap/v2-core/build/UniswapV2Factory.json");
const PAIR = artifact("@uniswap/v2-core/build/UniswapV2Pair.json");
const ROUTER = artifact("@uniswap/v2-periphery/build/UniswapV2Router02.json");

/** keccak256 of UniswapV2Pair's creation code (v2-core), the init code hash the router's pairFor uses */
export const PAIR_INIT_CODE_HASH = keccak256(PAIR.bytecode);

/** Throws unless the router's pairFor and the factory's createPair agree on the pair's creation code. */
export function checkPairInitCode(): void {
  if (!ROUTER.bytecode.includes(PAIR_INIT_CODE_HASH.slice(2))) {
    throw new Error(`the router's init code hash is not ${PAIR_INIT_CODE_HASH} (the v2-core UniswapV2Pair build)`);
  }
  if (!FACTORY.bytecode.includes(PAIR.bytecode.slice(2))) {
    throw new Error("the factory does not deploy the v2-core UniswapV2Pair build");
  }
}

export const routerAbi = parseAbi([
  "function WETH() view returns (address)",
  "function factory() view returns (address)",
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)",
  "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
export const factoryAbi = parseAbi([
  "function getPair(address tokenA, address tokenB) view returns (address pair)",
  "function allPairsLength() view returns (uint256)",
]);
export const pairAbi = parseAbi(["function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32)"]);

/** The pools' prices: 1 ETH = 3,000 TUSD = 1,500 TTK (1 TTK = 2 TUSD). */
export const POOLS = {
  /** TUSD/WETH: 3,000,000 TUSD and 1,000 ETH */
  tusdWeth: { tusd: parseUnits("3000000", 6), eth: parseEther("1000") },
  /** TTK/WETH: 1,500,000 TTK and 1,000 ETH */
  ttkWeth: { ttk: parseUnits("1500000", 18), eth: parseEther("1000") },
  /** TUSD/TTK: 1,000,000 TUSD and 500,000 TTK */
  tusdTtk: { tusd: parseUnits("1000000", 6), ttk: parseUnits("500000", 18) },
} as const;

export interface UniswapV2Addresses {
  weth: Address;
  factory: Address;
  router: Address;
  /** "Test USD", 6 decimals */
  tusd: Address;
  /** "Test Token", 18 decimals */
  ttk: Address;
}

export interface UniswapV2Chain extends UniswapV2Addresses {
  chain: Chain;
  reader: PublicClient;
  /** anvil's account 0, which deployed everything */
  deployer: PrivateKeyAccount;
  /** mints a TestUsdt token (TUSD, TTK or one of deployToken) to an address */
  mintTo(token: Address, to: Address, amount: bigint): Promise<void>;
  /** gives an address ETH (on top of what it holds) and TUSD/TTK */
  fund(to: Address, amounts: { eth?: bigint; tusd?: bigint; ttk?: bigint }): Promise<void>;
  /**
   * A big swap of `amountIn` of `from` into `to` by another account (minted or given the ETH first), moving the
   * pool's price against anyone buying `to` next. `from` = WETH sells ETH. Resolves with the mined swap's hash.
   */
  movePrice(args: { from: Address; to: Address; amountIn: bigint }): Promise<Hex>;
  /** another TestUsdt token (no pool until addLiquidity) */
  deployToken(name: string, symbol: string, decimals: number): Promise<Address>;
  /** the deployer adds liquidity (minting the tokens first; WETH: the ETH side of addLiquidityETH) */
  addLiquidity(tokenA: Address, tokenB: Address, amountA: bigint, amountB: bigint): Promise<void>;
  /** an ERC-20 balance, or the ETH balance when token is WETH's zero-address stand-in `zeroAddress` */
  balanceOf(token: Address, owner: Address): Promise<bigint>;
}

/** The account movePrice swaps from (a fixed test key, given ETH through anvil when it needs it). */
const MOVER = privateKeyToAccount(keccak256(toHex("uniswap-v2-chain price mover")));
/**
 * The gas of movePrice's swap, set rather than estimated: anvil mines blocks within one second at the same
 * timestamp, and a pair writes its price accumulators only when the time moved since its last update, so a swap
 * estimated on a block of the same second runs out of gas when it is mined a second later (about 10k more).
 */
export const MOVE_GAS = 400_000n;

/**
 * Deploys WETH9, the factory, the router, TUSD and TTK from anvil's account 0 on the chain at `url`, then the
 * TUSD/WETH, TTK/WETH and TUSD/TTK pools of POOLS. Each transaction is mined before the next is sent.
 */
export async function deployUniswapV2(opts: { url: string; chainId: number }): Promise<UniswapV2Chain> {
  checkPairInitCode();
  const local = anvilClients(opts.url, opts.chainId);
  const { chain, reader, control, deployer, walletOf, mined, mint: mintFrom } = local;
  const token = compileTestUsdt();
  const deploy = async (code: { abi: Abi; bytecode: Hex }, args: readonly unknown[]) =>
    getAddress(await local.deploy(code, args));

  const weth = await deploy(WETH9, []);
  const factory = await deploy(FACTORY, [deployer.address]);
  const router = await deploy(ROUTER, [factory, weth]);
  const deployToken = (name: string, symbol: string, decimals: number) => deploy(token, [name, symbol, decimals]);
  const tusd = await deployToken("Test USD", "TUSD", 6);
  const ttk = await deployToken("Test Token", "TTK", 18);

  const approve = async (account: PrivateKeyAccount, tokenAddress: Address, amount: bigint) => {
    await mined(
      await walletOf(account).writeContract({
        address: tokenAddress,
        abi: erc20Abi,
        functionName: "approve",
        args: [router, amount],
      }),
    );
  };
  /** `account` mints `amount` of a TestUsdt token to itself and approves the router to spend it */
  const stock = async (account: PrivateKeyAccount, tokenAddress: Address, amount: bigint) => {
    await mintFrom(account, tokenAddress, account.address, amount);
    await approve(account, tokenAddress, amount);
  };
  const giveEth = async (to: Address, amount: bigint) => {
    const held = await reader.getBalance({ address: to });
    await control.setBalance({ address: to, value: held + amount });
  };

  async function addLiquidity(tokenA: Address, tokenB: Address, amountA: bigint, amountB: bigint) {
    const wallet = walletOf(deployer);
    if (getAddress(tokenA) === weth || getAddress(tokenB) === weth) {
      const [other, otherAmount, eth] =
        getAddress(tokenA) === weth ? [tokenB, amountB, amountA] : [tokenA, amountA, amountB];
      await stock(deployer, other, otherAmount);
      await mined(
        await wallet.writeContract({
          address: router,
          abi: routerAbi,
          functionName: "addLiquidityETH",
          args: [other, otherAmount, otherAmount, eth, deployer.address, maxUint256],
          value: eth,
        }),
      );
      return;
    }
    await stock(deployer, tokenA, amountA);
    await stock(deployer, tokenB, amountB);
    await mined(
      await wallet.writeContract({
        address: router,
        abi: routerAbi,
        functionName: "addLiquidity",
        args: [tokenA, tokenB, amountA, amountB, amountA, amountB, deployer.address, maxUint256],
      }),
    );
  }

  await addLiquidity(tusd, weth, POOLS.tusdWeth.tusd, POOLS.tusdWeth.eth);
  await addLiquidity(ttk, weth, POOLS.ttkWeth.ttk, POOLS.ttkWeth.eth);
  await addLiquidity(tusd, ttk, POOLS.tusdTtk.tusd, POOLS.tusdTtk.ttk);

  return {
    chain,
    reader,
    deployer,
    weth,
    factory,
    router,
    tusd,
    ttk,
    mintTo: (tokenAddress, to, amount) => mintFrom(deployer, tokenAddress, to, amount),
    async fund(to, amounts) {
      if (amounts.eth) await giveEth(to, amounts.eth);
      if (amounts.tusd) await mintFrom(deployer, tusd, to, amounts.tusd);
      if (amounts.ttk) await mintFrom(deployer, ttk, to, amounts.ttk);
    },
    async movePrice({ from, to, amountIn }) {
      const wallet = walletOf(MOVER);
      // gas for the swap (and the mint and approval)
      await giveEth(MOVER.address, parseEther("1"));
      const path = [getAddress(from), getAddress(to)];
      if (getAddress(from) === weth) {
        await giveEth(MOVER.address, amountIn);
        const receipt = await mined(
          await wallet.writeContract({
            address: router,
            abi: routerAbi,
            functionName: "swapExactETHForTokens",
            args: [0n, path, MOVER.address, maxUint256],
            value: amountIn,
            gas: MOVE_GAS,
          }),
        );
        return receipt.transactionHash;
      }
      await stock(MOVER, from, amountIn);
      const receipt = await mined(
        await wallet.writeContract({
          address: router,
          abi: routerAbi,
          functionName: "swapExactTokensForTokens",
          args: [amountIn, 0n, path, MOVER.address, maxUint256],
          gas: MOVE_GAS,
        }),
      );
      return receipt.transactionHash;
    },
    deployToken,
    addLiquidity,
    async balanceOf(tokenAddress, owner) {
      if (tokenAddress === zeroAddress) return reader.getBalance({ address: owner });
      return reader.readContract({ address: tokenAddress, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
    },
  };
}

/** A fresh anvil on its own port with the Uniswap v2 set of deployUniswapV2. */
export async function startUniswapV2Chain(chainId: number): Promise<UniswapV2Chain & { anvil: Anvil }> {
  const anvil = await startAnvil(chainId);
  try {
    return { ...(await deployUniswapV2({ url: anvil.url, chainId })), anvil };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
