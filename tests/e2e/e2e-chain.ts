/**
 * The local EVM chain of the e2e run (tests/e2e/chain-server.ts starts it; playwright.config.ts points the server's
 * PAY_ETH_* and SWAP_V2_* settings at it). Anvil's well-known test accounts: the first deploys the test USDT, so its
 * address is the first contract address of that account (nonce 0) on a fresh chain; then the Uniswap v2 set of
 * tests/support/uniswap-v2-chain.ts (WETH9, the factory, the router, TUSD, TTK: nonces 1 to 5).
 */
export const E2E_CHAIN_ID = 31337;
/** the test USDT (tests/api/fixtures/TestUsdt.sol, 6 decimals), deployed first by anvil's account 0 */
export const E2E_USDT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** where the e2e server takes deposits: anvil's account 9 (nobody pays from it) */
export const E2E_DEPOSIT_ADDRESS = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
/**
 * Wallets that pay in the e2e tests (anvil's accounts 1-4, unlocked in anvil, so the test wallet forwards
 * eth_sendTransaction to the node): one per test, so parallel tests never share a payer. Each holds 1,000 USDT.
 */
export const E2E_PAYERS = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
] as const;
export const E2E_PAYER_USDT = 1_000;

/** Uniswap v2 on the e2e chain (deployUniswapV2 after the USDT): 1 ETH = 3,000 TUSD = 1,500 TTK */
export const E2E_WETH = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
export const E2E_V2_FACTORY = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
export const E2E_V2_ROUTER = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
/** "Test USD", 6 decimals */
export const E2E_TUSD = "0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9";
/** "Test Token", 18 decimals */
export const E2E_TTK = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
/** the chain's name in the swap chain table (SWAP_V2_NAME) */
export const E2E_V2_NAME = "E2E chain";
/**
 * Wallets that swap in the e2e tests (anvil's accounts 5-8, unlocked in anvil, each with anvil's 10,000 ETH): one
 * per test. Each (and each payer) holds E2E_SWAPPER_TUSD TUSD and E2E_SWAPPER_TTK TTK.
 */
export const E2E_SWAPPERS = [
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
] as const;
export const E2E_SWAPPER_TUSD = 10_000;
export const E2E_SWAPPER_TTK = 5_000;
