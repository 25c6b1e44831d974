import { createServer } from "node:http";
import { createPublicClient, createWalletClient, defineChain, http, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { startAnvil } from "../api/anvil.ts";
import { compileTestUsdt, testUsdtAbi } from "../support/test-usdt-chain.ts";
import { deployUniswapV2 } from "../support/uniswap-v2-chain.ts";
import {
  E2E_CHAIN_ID,
  E2E_PAYER_USDT,
  E2E_PAYERS,
  E2E_SWAPPER_TTK,
  E2E_SWAPPER_TUSD,
  E2E_SWAPPERS,
  E2E_TTK,
  E2E_TUSD,
  E2E_USDT,
  E2E_V2_FACTORY,
  E2E_V2_ROUTER,
  E2E_WETH,
} from "./e2e-chain.ts";

/**
 * The local EVM chain of the e2e run, as a process Playwright starts (playwright.config.ts): anvil on
 * E2E_CHAIN_PORT, the test USDT compiled with solc and deployed by anvil's account 0 (at E2E_USDT), then Uniswap v2
 * with TUSD, TTK and their pools (tests/support/uniswap-v2-chain.ts, at the E2E_V2_* addresses), 1,000 USDT minted
 * to each payer and TUSD and TTK to each payer and swapper. `GET /__ready` on E2E_CHAIN_PORT + 1 answers once all
 * that is on chain.
 */

const port = Number(process.env.E2E_CHAIN_PORT);
/** anvil's first funded account (a public test key) */
const DEPLOYER = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");

const anvil = await startAnvil(E2E_CHAIN_ID, port);
const chain = defineChain({
  id: E2E_CHAIN_ID,
  name: "e2e",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [anvil.url] } },
});
const transport = http(anvil.url);
const reader = createPublicClient({ chain, transport });
const sender = createWalletClient({ account: DEPLOYER, chain, transport });
const usdt = compileTestUsdt();
const deployed = await reader.waitForTransactionReceipt({
  hash: await sender.deployContract({ ...usdt, args: ["Tether USD (e2e)", "USDT", 6] }),
});
if (deployed.contractAddress?.toLowerCase() !== E2E_USDT.toLowerCase()) {
  throw new Error(`the test USDT landed at ${deployed.contractAddress}, not ${E2E_USDT}: is the chain fresh?`);
}
const v2 = await deployUniswapV2({ url: anvil.url, chainId: E2E_CHAIN_ID });
const expected = { weth: E2E_WETH, factory: E2E_V2_FACTORY, router: E2E_V2_ROUTER, tusd: E2E_TUSD, ttk: E2E_TTK };
for (const [name, address] of Object.entries(expected)) {
  const landed = v2[name as keyof typeof expected];
  if (landed.toLowerCase() !== address.toLowerCase()) {
    throw new Error(`Uniswap v2's ${name} landed at ${landed}, not ${address}: is the chain fresh?`);
  }
}
for (const payer of E2E_PAYERS) {
  const hash = await sender.writeContract({
    address: E2E_USDT,
    abi: testUsdtAbi,
    functionName: "mint",
    args: [payer, parseUnits(String(E2E_PAYER_USDT), 6)],
  });
  await reader.waitForTransactionReceipt({ hash });
}
for (const wallet of [...E2E_PAYERS, ...E2E_SWAPPERS]) {
  await v2.fund(wallet, {
    tusd: parseUnits(String(E2E_SWAPPER_TUSD), 6),
    ttk: parseUnits(String(E2E_SWAPPER_TTK), 18),
  });
}

const ready = createServer((req, res) => {
  res.writeHead(req.url === "/__ready" ? 200 : 404, { "content-type": "text/plain" }).end("ready");
});
ready.listen(port + 1, "127.0.0.1");
const stop = async () => {
  ready.close();
  await anvil.stop();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
