import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { escapeHtml } from "../escape-html.ts";
import type { AppEnv } from "./app-env.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built web app: hashed assets cached for a year, other files for an hour, and index.html
 * (never cached) for every other GET so client-side routes load. The API key, when one is configured,
 * is written into index.html for the app to send back (it identifies the app, it is not a secret).
 */
export function spaRoutes(staticDir: string, apiKey: string | undefined) {
  const app = new Hono<AppEnv>();
  const indexPath = path.join(staticDir, "index.html");
  const indexHtml = existsSync(indexPath)
    ? readFileSync(indexPath, "utf8").replace(
        "</head>",
        apiKey ? `<meta name="app-api-key" content="${escapeHtml(apiKey)}"></head>` : "</head>",
      )
    : undefined;

  if (!existsSync(staticDir)) {
    app.get("*", (c) => c.text("The web app is not built yet: run `npm run build`.", 503));
    return app;
  }
  app.use(
    "/assets/*",
    serveStatic({
      root: staticDir,
      onFound: (_path, c) => {
        c.header("cache-control", IMMUTABLE);
      },
    }),
  );
  app.use(
    "*",
    serveStatic({
      root: staticDir,
      rewriteRequestPath: (requestPath) =>
        requestPath === "/" || requestPath === "/index.html" ? "/__none__" : requestPath,
      onFound: (_path, c) => {
        c.header("cache-control", "public, max-age=3600");
      },
    }),
  );
  app.get("*", (c) => {
    const last = c.req.path.split("/").pop() ?? "";
    if (last.includes(".") && !last.endsWith(".html")) return c.text("Not found", 404);
    if (!indexHtml) return c.text("The web app is not built yet: run `npm run build`.", 503);
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}
