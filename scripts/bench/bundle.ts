import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";

export interface FirstLoad {
  jsGzipKb: number;
  cssGzipKb: number;
  files: string[];
}

/** What the browser must fetch before `/` renders: the entry script, its modulepreloads and stylesheets. */
export async function measureFirstLoad(distDir: string): Promise<FirstLoad> {
  const html = await readFile(path.join(distDir, "index.html"), "utf8");
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const gzipKb = async (files: (string | undefined)[]) => {
    let bytes = 0;
    for (const file of files) {
      if (!file) continue;
      bytes += gzipSync(await readFile(path.join(distDir, file))).length;
    }
    return bytes / 1024;
  };
  const js = [...scripts, ...preloads];
  return {
    jsGzipKb: await gzipKb(js),
    cssGzipKb: await gzipKb(styles),
    files: [...js, ...styles].filter((file): file is string => Boolean(file)),
  };
}
