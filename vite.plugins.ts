import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import type { PluginOption } from "vite";

/** Lingui macros run through the React plugin's Babel pass (plugin-react 5 keeps the babel option and Node 20). */
export function appPlugins(): PluginOption[] {
  return [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui()];
}
