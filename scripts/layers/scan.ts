import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { checkEdge, checkSource, type ImportEdge, type Violation } from "./rules.ts";

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const SPECIFIERS = [
  /\bimport\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']/g,
  /\bexport\s+(?:type\s+)?[^'"]*?\sfrom\s+["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every import specifier in a source text (static, re-export, dynamic, require). */
export function importSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const match of source.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

/** Checks every source file under `root/src` against the layer rules. */
export async function scanLayers(root: string): Promise<{ files: number; violations: Violation[] }> {
  const violations: Violation[] = [];
  let files = 0;
  for await (const absolute of walk(path.join(root, "src"))) {
    files += 1;
    const file = path.relative(root, absolute).split(path.sep).join("/");
    const source = await readFile(absolute, "utf8");
    const sourceProblem = checkSource(file, source);
    if (sourceProblem) violations.push({ file, message: sourceProblem });
    for (const specifier of importSpecifiers(source)) {
      const relative = specifier.startsWith(".");
      const edge: ImportEdge = relative
        ? {
            from: file,
            to: path
              .relative(root, path.resolve(path.dirname(absolute), specifier))
              .split(path.sep)
              .join("/"),
            isPackage: false,
          }
        : { from: file, to: packageName(specifier), isPackage: !specifier.startsWith("/") };
      const problem = checkEdge(edge);
      if (problem) violations.push({ file, message: problem });
    }
  }
  return { files, violations };
}
