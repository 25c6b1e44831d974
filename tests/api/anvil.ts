import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

/**
 * A throwaway Ethereum chain for tests: the anvil binary of the `@foundry-rs/anvil` devDependency (its platform
 * package ships the executable, so a fresh `npm install` has it), on a port it picks itself.
 */

const ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };

/** The executable of the platform package `@foundry-rs/anvil` installs for this machine. */
export function anvilBinary(): string {
  const arch = ARCH[process.arch];
  if (!arch) throw new Error(`anvil has no build for ${process.arch}`);
  const name = process.platform === "win32" ? "anvil.exe" : "anvil";
  return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${name}`);
}

export interface Anvil {
  url: string;
  chainId: number;
  stop(): Promise<void>;
}

/** Starts anvil on 127.0.0.1 (on `port`, else one it picks) and resolves once it says where it listens. */
export async function startAnvil(chainId: number, port = 0): Promise<Anvil> {
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)];
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  // every line is read (anvil logs each call; an unread pipe would stall it), the first "Listening on" kept
  const lines = createInterface({ input: child.stdout as NonNullable<ChildProcess["stdout"]> });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on("line", (line) => {
      const match = /Listening on (\S+:\d+)/.exec(line);
      if (match) resolve(`http://${match[1]}`);
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      reject(new Error(`anvil exited (${String(code)}) before listening: ${stderr.join("").slice(0, 500)}`));
    });
  });
  return {
    url,
    chainId,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, "exit");
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/**
 * A call of anvil's own JSON-RPC, past any relay the server reads the chain through (evm_setAutomine, evm_mine,
 * anvil_setNonce …).
 */
export async function anvilRpc(
  world: { chain: { anvil: Anvil } },
  method: string,
  params: unknown[] = [],
): Promise<unknown> {
  const res = await fetch(world.chain.anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await res.json()) as { result?: unknown; error?: unknown };
  if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}
