import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import type { PluginOption } from "vite";

/** Lingui macros run through Babel before the React plugin (plugin-react 6 has no babel option). */
export function appPlugins(): PluginOption[] {
  return [babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }), react(), lingui()];
}
