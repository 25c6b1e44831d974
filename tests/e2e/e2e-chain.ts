/**
 * The local EVM chain of the e2e run (tests/e2e/chain-server.ts starts it; playwright.config.ts points the server's
 * PAY_ETH_* settings at it). Anvil's well-known test accounts: the first deploys the test USDT, so its address is
 * the first contract address of that account (nonce 0) on a fresh chain.
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
