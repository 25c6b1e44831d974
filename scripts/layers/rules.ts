/**
 * The one-way layer rules of the architecture. A file is named by its path from the project root with
 * forward slashes; an import is either a package name or a resolved project path.
 */
export interface ImportEdge {
  from: string;
  /** a package name (`zod`, `@telegram-apps/sdk-react`) or a project path (`src/server/db/client.ts`) */
  to: string;
  isPackage: boolean;
}

export interface Violation {
  file: string;
  message: string;
}

const inside = (file: string, dir: string) => file.startsWith(`${dir}/`);
const featureOf = (file: string, root: string) =>
  inside(file, root) ? file.slice(root.length + 1).split("/")[0] : undefined;

export function checkEdge(edge: ImportEdge): string | undefined {
  const { from, to, isPackage } = edge;
  if (inside(from, "src/contract")) {
    const isTest = /\.test\.tsx?$/.test(from);
    const allowed = isPackage ? to === "zod" || (isTest && to === "vitest") : inside(to, "src/contract");
    if (!allowed) return `contract imports only itself and zod, not ${to}`;
  }
  if (isPackage) {
    // the server checks init data with Telegram's validator; every other Telegram package is the client host's
    if (to === "@telegram-apps/init-data-node") {
      return inside(from, "src/server") ? undefined : `only src/server may import ${to}`;
    }
    if (to.startsWith("@telegram-apps/") && !inside(from, "src/client/host")) {
      return `only src/client/host may import ${to}`;
    }
    return undefined;
  }
  if (inside(from, "src/client") && inside(to, "src/server")) return `the client never imports the server (${to})`;
  if (inside(from, "src/server") && inside(to, "src/client")) return `the server never imports the client (${to})`;
  if (inside(from, "src/server/features") && inside(to, "src/server/http")) return `features never import http (${to})`;
  for (const lower of ["src/server/db", "src/server/providers"]) {
    if (inside(from, lower) && (inside(to, "src/server/features") || inside(to, "src/server/http"))) {
      return `${lower} never imports features or http (${to})`;
    }
  }
  for (const root of ["src/client/features", "src/server/features"]) {
    const a = featureOf(from, root);
    const b = featureOf(to, root);
    if (a && b && a !== b)
      return `feature ${a} imports feature ${b}'s internals (${to}); compose them in the app layer`;
  }
  if (inside(from, "src/client/shared") && (inside(to, "src/client/features") || inside(to, "src/client/app"))) {
    return `client/shared never imports features or app (${to})`;
  }
  if (inside(from, "src/client/host") && (inside(to, "src/client/features") || inside(to, "src/client/app"))) {
    return `client/host never imports features or app (${to})`;
  }
  return undefined;
}

/** Only the server's config module reads the environment. */
export function checkSource(file: string, source: string): string | undefined {
  if (file === "src/server/config.ts" || !inside(file, "src")) return undefined;
  if (/\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*["']env["']\s*\]/.test(source)) {
    return "only src/server/config.ts reads process.env";
  }
  return undefined;
}
