import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEdge, checkSource } from "./rules.ts";
import { importSpecifiers, scanLayers } from "./scan.ts";

const edge = (from: string, to: string, isPackage = false) => checkEdge({ from, to, isPackage });

describe("layer rules", () => {
  it("lets the contract import only itself and zod", () => {
    expect(edge("src/contract/a.ts", "zod", true)).toBeUndefined();
    expect(edge("src/contract/a.ts", "src/contract/b.ts")).toBeUndefined();
    expect(edge("src/contract/a.ts", "hono", true)).toMatch(/contract/);
    expect(edge("src/contract/a.test.ts", "vitest", true)).toBeUndefined();
    expect(edge("src/contract/a.ts", "vitest", true)).toMatch(/contract/);
    expect(edge("src/contract/a.ts", "src/server/config.ts")).toMatch(/contract/);
  });

  it("keeps client and server apart", () => {
    expect(edge("src/client/app/App.tsx", "src/server/config.ts")).toMatch(/never imports the server/);
    expect(edge("src/server/main.ts", "src/client/main.tsx")).toMatch(/never imports the client/);
    expect(edge("src/client/app/App.tsx", "src/contract/models.ts")).toBeUndefined();
  });

  it("lets only client/host import the Telegram SDK", () => {
    expect(edge("src/client/host/telegram-host.ts", "@telegram-apps/sdk-react", true)).toBeUndefined();
    expect(edge("src/client/features/chat/Chat.tsx", "@telegram-apps/sdk-react", true)).toMatch(/client\/host/);
  });

  it("runs server layers one way and keeps features apart", () => {
    expect(edge("src/server/features/feedback/s.ts", "src/server/http/envelope.ts")).toMatch(
      /features never import http/,
    );
    expect(edge("src/server/providers/x.ts", "src/server/features/a/b.ts")).toMatch(/providers/);
    expect(edge("src/server/features/a/x.ts", "src/server/features/b/y.ts")).toMatch(/feature a imports feature b/);
    expect(edge("src/client/features/a/x.ts", "src/client/features/b/y.ts")).toMatch(/feature a imports feature b/);
    expect(edge("src/client/shared/ui/x.tsx", "src/client/features/a/y.ts")).toMatch(/shared/);
    expect(edge("src/server/http/app.ts", "src/server/features/a/b.ts")).toBeUndefined();
  });

  it("lets only the server config read process.env", () => {
    expect(checkSource("src/server/config.ts", "process.env.PORT")).toBeUndefined();
    expect(checkSource("src/server/main.ts", "const p = process.env.PORT")).toMatch(/config/);
    expect(checkSource("src/client/main.tsx", 'process["env"]')).toMatch(/config/);
  });

  it("finds static, type, re-export and dynamic imports", () => {
    const source = `import a from "a";\nimport type { B } from "./b.ts";\nexport { c } from "../c.ts";\nconst d = import("./d.tsx");\nimport "./side.css";`;
    expect(importSpecifiers(source).sort()).toEqual(["../c.ts", "./b.ts", "./d.tsx", "./side.css", "a"]);
  });

  it("reports a violation found in a tree", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "layers-"));
    await mkdir(path.join(root, "src/client/features/chat"), { recursive: true });
    await mkdir(path.join(root, "src/server"), { recursive: true });
    await writeFile(path.join(root, "src/server/config.ts"), "export const x = 1;\n");
    await writeFile(
      path.join(root, "src/client/features/chat/a.ts"),
      'import { x } from "../../../server/config.ts";\n',
    );
    const { files, violations } = await scanLayers(root);
    expect(files).toBe(2);
    expect(violations).toEqual([
      { file: "src/client/features/chat/a.ts", message: "the client never imports the server (src/server/config.ts)" },
    ]);
  });
});
