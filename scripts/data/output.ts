import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * JSON laid out the way the project's formatter (Biome) lays it out — objects expanded, short arrays of plain
 * values on one line — so `biome ci` accepts the generated files as they are written.
 */
export function formatJson(value: unknown, indent = ""): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    if (value.every((item) => item === null || typeof item !== "object")) {
      return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
    }
    return `[\n${value.map((item) => inner + formatJson(item, inner)).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return "{}";
    const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`);
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

export interface WrittenFile {
  /** path relative to the project root, with forward slashes */
  file: string;
  bytes: number;
  sha256: string;
}

/** Writes a generated file and returns what the provenance table lists about it. */
export async function writeOutput(root: string, file: string, content: string): Promise<WrittenFile> {
  const target = path.join(root, file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  return {
    file,
    bytes: Buffer.byteLength(content),
    sha256: createHash("sha256").update(content).digest("hex").slice(0, 16),
  };
}

const marker = (section: string, edge: "start" | "end") => `<!-- generated:${section}:${edge} -->`;

/**
 * data/PROVENANCE.md is written by hand except for one generated block per build script, between markers,
 * so each script refreshes its own facts (files, sizes, ranges) and leaves the rest alone.
 */
export function replaceSection(markdown: string, section: string, body: string): string {
  const start = marker(section, "start");
  const end = marker(section, "end");
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = markdown.indexOf(start);
  const to = markdown.indexOf(end);
  if (from < 0 || to < from) return `${markdown.trimEnd()}\n\n${block}\n`;
  return markdown.slice(0, from) + block + markdown.slice(to + end.length);
}

export async function updateProvenance(root: string, section: string, body: string): Promise<void> {
  const file = path.join(root, "data", "PROVENANCE.md");
  let markdown = "# Provenance of data/\n";
  try {
    markdown = await readFile(file, "utf8");
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  await writeFile(file, replaceSection(markdown, section, body));
}

/** A file's entry in the generated provenance: a heading and a list, which the Markdown formatter leaves as is. */
export function fileEntry(file: WrittenFile, facts: readonly string[]): string {
  const lines = [...facts, `${kib(file.bytes)}, sha256 ${file.sha256}…`].map((fact) => `- ${fact}`);
  return [`### \`${file.file}\``, "", ...lines].join("\n");
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
