// Hash verification latency against a local chain: anvil with the test USDT, the product's server in this process
// (same factory as npm start) configured to take deposits on it, one confirmed transfer per report. Each sample is a
// POST pay/uploadHash of a new hash, answered after the server read the receipt, its block and the head from the
// node and credited the USDT account; the chain lookup alone (the verifier, no HTTP, no database) is timed too.
// A figure to report (no budget). `node --import tsx scripts/bench/deposits.ts` runs only this part.
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { getAddress, type Hex, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { createEvmUsdtVerifier } from "../../src/server/providers/chains/evm-usdt-verifier.ts";
import { systemClock } from "../../src/server/providers/clock.ts";
import { ANVIL_KEYS, startUsdtChain } from "../../tests/support/test-usdt-chain.ts";
import { startBenchServer } from "./bench-server.ts";

const CHAIN_ID = 31_337;
const DEPOSIT = getAddress(privateKeyToAccount(`0x${"d1".repeat(32)}`).address);
export const DEPOSIT_SAMPLES = 200;

export interface DepositLatency {
  samples: number;
  /** uploadHash answered success */
  credited: number;
  uploadP50Ms: number;
  uploadP99Ms: number;
  lookupP50Ms: number;
  lookupP99Ms: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export async function depositVerificationLatency(samples = DEPOSIT_SAMPLES): Promise<DepositLatency> {
  const chain = await startUsdtChain(CHAIN_ID);
  const payer = privateKeyToAccount(ANVIL_KEYS[1]);
  const settings = { PAY_CHAINS: "ETH", PAY_ETH_RPC_URL: chain.anvil.url, PAY_ETH_CHAIN_ID: String(CHAIN_ID) };
  const { server, dataDir } = await startBenchServer("ml-bench-deposits-", {
    ...settings,
    PAY_ETH_USDT: chain.usdt,
    PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT,
    PAY_ETH_CONFIRMATIONS: "1",
  });
  try {
    await chain.mint(chain.usdt, payer.address, parseUnits("1000000", 6));
    const hashes: Hex[] = [];
    for (let i = 0; i < samples; i += 1) {
      hashes.push(await chain.transfer(payer, chain.usdt, DEPOSIT, parseUnits(String(1 + (i % 50)), 6)));
    }
    const db = server.database.db;
    const user = await createUsersRepository(db, systemClock).create({
      email: "bench-deposits@example.com",
      username: "bench-deposits",
    });
    if (!user) throw new Error("the bench user was not made");
    const { user_token } = await createSessionsService(db, systemClock).signIn(user, "email");
    const headers = {
      "content-type": "application/json",
      "x-device-no": "benchdevice0001",
      authorization: `Bearer ${user_token}`,
    };

    const verifier = createEvmUsdtVerifier({
      code: "ETH",
      chainId: CHAIN_ID,
      rpcUrl: chain.anvil.url,
      usdt: chain.usdt,
      decimals: 6,
    });
    await verifier.lookup(hashes[0] as Hex);
    const lookups: number[] = [];
    for (const hash of hashes) {
      const started = performance.now();
      const found = await verifier.lookup(hash);
      lookups.push(performance.now() - started);
      if (found.state !== "mined") throw new Error(`lookup of ${hash}: ${found.state}`);
    }

    const uploads: number[] = [];
    let credited = 0;
    for (const hash of hashes) {
      const started = performance.now();
      const response = await fetch(`${server.url}/v2/api/pay/uploadHash`, {
        method: "POST",
        headers,
        body: JSON.stringify({ chargeHash: hash, chargeChain: "ETH" }),
      });
      const body = (await response.json()) as { code: number; data: { status?: string } };
      uploads.push(performance.now() - started);
      if (body.code === 200 && body.data.status === "success") credited += 1;
    }
    return {
      samples,
      credited,
      uploadP50Ms: percentile(uploads, 50),
      uploadP99Ms: percentile(uploads, 99),
      lookupP50Ms: percentile(lookups, 50),
      lookupP99Ms: percentile(lookups, 99),
    };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    await chain.stop();
  }
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

export function printDepositLatency(result: DepositLatency, row: Row) {
  console.log(
    `\nUSDT hash verification on a local chain (anvil): ${result.samples} confirmed transfers, one at a time`,
  );
  row(
    "uploadHash (read chain, credit), median / p99",
    `${result.uploadP50Ms.toFixed(1)} / ${result.uploadP99Ms.toFixed(1)} ms`,
    "reported",
    result.credited === result.samples,
  );
  row(
    "  chain lookup alone, median / p99",
    `${result.lookupP50Ms.toFixed(1)} / ${result.lookupP99Ms.toFixed(1)} ms`,
    "",
    true,
  );
  row("  reports credited", `${result.credited} / ${result.samples}`, "all", result.credited === result.samples);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const samples = Number(process.argv.find((arg) => arg.startsWith("--samples="))?.split("=")[1] ?? DEPOSIT_SAMPLES);
  printDepositLatency(await depositVerificationLatency(samples), (name, value, budget, ok) =>
    console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`),
  );
}
