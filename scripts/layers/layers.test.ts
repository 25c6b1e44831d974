import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = ".dependency-cruiser.cjs";

interface Rule {
  name: string;
}
const configuredRules = (createRequire(import.meta.url)(path.join(root, CONFIG)) as { forbidden: Rule[] }).forbidden;

interface Run {
  code: number;
  output: string;
}

/** `npm run layers` in `cwd`, as package.json spells it. */
function runLayers(cwd: string): Promise<Run> {
  const bin = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const args = [bin, "--config", CONFIG, "--output-type", "err", "src/**/*.{ts,tsx}"];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      if (typeof code !== "number") reject(error ?? new Error("no exit code"));
      else resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** One violation of each rule: the file that breaks it and what it holds (with the modules it imports). */
const planted: Record<string, { from: string; files: Record<string, string> }> = {
  "contract-imports-only-zod": {
    from: "src/contract/planted.ts",
    files: { "src/contract/planted.ts": 'export { Hono } from "hono";\n' },
  },
  "contract-tests-import-only-zod-and-vitest": {
    from: "src/contract/planted.test.ts",
    files: { "src/contract/planted.test.ts": 'export { Hono as Planted } from "hono";\n' },
  },
  "client-never-imports-server": {
    from: "src/client/shared/planted-server.ts",
    files: {
      "src/client/shared/planted-server.ts": 'export { target } from "../../server/planted-target.ts";\n',
      "src/server/planted-target.ts": "export const target = 1;\n",
    },
  },
  "server-never-imports-client": {
    from: "src/server/planted-client.ts",
    files: {
      "src/server/planted-client.ts": 'export { target } from "../client/shared/planted-target.ts";\n',
      "src/client/shared/planted-target.ts": "export const target = 1;\n",
    },
  },
  "server-features-never-import-http": {
    from: "src/server/features/planted/uses-http.ts",
    files: {
      "src/server/features/planted/uses-http.ts": 'export { target } from "../../http/planted-target.ts";\n',
      "src/server/http/planted-target.ts": "export const target = 1;\n",
    },
  },
  "server-db-never-imports-features-or-http": {
    from: "src/server/db/planted.ts",
    files: {
      "src/server/db/planted.ts": 'export type { Target } from "../features/planted/target.ts";\n',
      "src/server/features/planted/target.ts": "export type Target = number;\n",
    },
  },
  "server-providers-never-import-features-or-http": {
    from: "src/server/providers/planted.ts",
    files: {
      "src/server/providers/planted.ts": 'export { target } from "../http/planted-target.ts";\n',
      "src/server/http/planted-target.ts": "export const target = 1;\n",
    },
  },
  "client-feature-never-imports-another-feature": {
    from: "src/client/features/planted-a/uses-b.ts",
    files: {
      "src/client/features/planted-a/uses-b.ts": 'export { b } from "../planted-b/b.ts";\n',
      "src/client/features/planted-b/b.ts": "export const b = 1;\n",
    },
  },
  "client-shared-and-host-never-import-features-or-app": {
    from: "src/client/host/planted.ts",
    files: {
      "src/client/host/planted.ts": 'export const lazyB = () => import("../features/planted-b/b.ts");\n',
      "src/client/features/planted-b/b.ts": "export const b = 1;\n",
    },
  },
  "telegram-sdk-only-in-client-host": {
    from: "src/client/features/planted-a/telegram.ts",
    files: { "src/client/features/planted-a/telegram.ts": 'export * from "@telegram-apps/sdk-react";\n' },
  },
  "telegram-init-data-only-in-server": {
    from: "src/client/host/planted-init-data.ts",
    files: { "src/client/host/planted-init-data.ts": 'export { validate } from "@telegram-apps/init-data-node";\n' },
  },
  "server-bot-only-from-composition-and-http": {
    from: "src/server/features/planted/uses-bot.ts",
    files: {
      "src/server/features/planted/uses-bot.ts": 'export { target } from "../../bot/planted-target.ts";\n',
      "src/server/bot/planted-target.ts": "export const target = 1;\n",
    },
  },
  "grammy-only-in-server-bot": {
    from: "src/server/features/planted/grammy.ts",
    files: { "src/server/features/planted/grammy.ts": 'export { Bot } from "grammy";\n' },
  },
  "no-circular": {
    from: "src/server/planted-cycle-a.ts",
    files: {
      "src/server/planted-cycle-a.ts": 'import type { B } from "./planted-cycle-b.ts";\nexport type A = B[];\n',
      "src/server/planted-cycle-b.ts": 'import type { A } from "./planted-cycle-a.ts";\nexport type B = A | 1;\n',
    },
  },
  "not-to-unresolvable": {
    from: "src/server/planted-missing.ts",
    files: { "src/server/planted-missing.ts": 'export { missing } from "./no-such-module.ts";\n' },
  },
};

/** A copy of the tree the check reads (sources, their test helpers, configuration), with the installed packages. */
async function copyOfTree(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "layers-"));
  // src is what the check reads; tests/support holds helpers that tests beside the code import
  for (const file of ["src", "tests", CONFIG, "tsconfig.json", "package.json", "scripts/layers"]) {
    await cp(path.join(root, file), path.join(dir, file), { recursive: true });
  }
  await symlink(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

// a whole-tree check on a loaded machine takes a while
const CHECK_TIMEOUT_MS = 240_000;

describe.concurrent("layer rules (dependency-cruiser)", () => {
  it("every rule has a planted violation below", () => {
    expect(Object.keys(planted).sort()).toEqual(configuredRules.map((rule) => rule.name).sort());
  });

  it(
    "fails on a copy of the tree with one violation of each rule, naming the rule and the file",
    async () => {
      const dir = await copyOfTree();
      try {
        for (const { files } of Object.values(planted)) {
          for (const [file, text] of Object.entries(files)) {
            await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
            await writeFile(path.join(dir, file), text);
          }
        }
        const { code, output } = await runLayers(dir);
        expect(code, output).toBeGreaterThan(0);
        for (const [rule, { from }] of Object.entries(planted)) {
          expect(output, `${rule} not reported`).toContain(`error ${rule}: ${from}`);
        }
        // nothing else is reported: every violation line names a planted file
        const reported = output.split("\n").filter((line) => /^\s*error /.test(line));
        for (const line of reported) expect(line).toMatch(/ src\/\S*planted/);
        expect(reported.length).toBe(Object.keys(planted).length);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    CHECK_TIMEOUT_MS,
  );

  it(
    "passes on the project's tree",
    async () => {
      const { code, output } = await runLayers(root);
      expect(output).toContain("no dependency violations found");
      expect(code, output).toBe(0);
    },
    CHECK_TIMEOUT_MS,
  );
});
