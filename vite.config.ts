import { defineConfig } from "vite";
import { appPlugins } from "./vite.plugins.ts";

export default defineConfig({
  root: "src/client",
  publicDir: "../../public",
  plugins: appPlugins(),
  build: {
    outDir: "../../dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 2048,
  },
  server: {
    port: 5173,
    proxy: { "/v2/api": "http://127.0.0.1:8080", "/healthz": "http://127.0.0.1:8080" },
  },
});
