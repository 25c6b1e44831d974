// The one-way layer rules of the architecture, checked by `npm run layers` (and `npm test`).
// Type-only imports count: a layer that needs another's types depends on it all the same.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "contract-imports-only-zod",
      comment: "The contract is shared by client and server: it imports itself and zod, nothing else.",
      severity: "error",
      from: { path: "^src/contract/", pathNot: "[.]test[.]ts$" },
      to: { pathNot: ["^src/contract/", "(^|/)node_modules/zod/"] },
    },
    {
      name: "contract-tests-import-only-zod-and-vitest",
      comment: "Tests of the contract may use vitest besides what the contract itself may import.",
      severity: "error",
      from: { path: "^src/contract/.+[.]test[.]ts$" },
      to: { pathNot: ["^src/contract/", "(^|/)node_modules/(zod|vitest|@vitest)/"] },
    },
    {
      name: "client-never-imports-server",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-never-imports-client",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "server-features-never-import-http",
      comment: "Server layers run http -> features -> db, providers, contract.",
      severity: "error",
      from: { path: "^src/server/features/" },
      to: { path: "^src/server/http/" },
    },
    {
      name: "server-db-never-imports-features-or-http",
      severity: "error",
      from: { path: "^src/server/db/" },
      to: { path: "^src/server/(features|http)/" },
    },
    {
      name: "server-providers-never-import-features-or-http",
      severity: "error",
      from: { path: "^src/server/providers/" },
      to: { path: "^src/server/(features|http)/" },
    },
    {
      name: "client-feature-never-imports-another-feature",
      comment: "A feature does not import another feature's internals; the app layer composes features.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "client-shared-and-host-never-import-features-or-app",
      comment: "Features build on shared and host, the app builds on features: never the other way.",
      severity: "error",
      from: { path: "^src/client/(shared|host)/" },
      to: { path: "^src/client/(features|app)/" },
    },
    {
      name: "telegram-sdk-only-in-client-host",
      comment: "Feature code asks the host for a capability; only the host talks to Telegram's SDK.",
      severity: "error",
      from: { pathNot: "^src/client/host/" },
      to: {
        path: "(^|/)node_modules/@telegram-apps/",
        pathNot: "(^|/)node_modules/@telegram-apps/init-data-node/",
      },
    },
    {
      name: "telegram-init-data-only-in-server",
      comment: "The server checks Telegram's init data; the client never carries the bot token's validator.",
      severity: "error",
      from: { pathNot: "^src/server/" },
      to: { path: "(^|/)node_modules/@telegram-apps/init-data-node/" },
    },
    {
      name: "server-bot-only-from-composition-and-http",
      comment:
        "The Telegram bot builds on features, db and providers; they never know of it (server.ts and http wire it).",
      severity: "error",
      from: { path: "^src/server/(features|providers|db)/" },
      to: { path: "^src/server/bot/" },
    },
    {
      name: "grammy-only-in-server-bot",
      comment: "Only the bot (and the webhook route that hands it updates) talks to Telegram's Bot API through grammY.",
      severity: "error",
      from: { pathNot: ["^src/server/bot/", "^src/server/http/routes/telegram-webhook[.]routes[.]ts$"] },
      to: { path: "(^|/)node_modules/(grammy|@grammyjs/)" },
    },
    {
      name: "no-circular",
      comment: "Modules that import each other, however indirectly, cannot be understood or tested apart.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import the check cannot resolve is one it cannot check.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    babelConfig: { fileName: "scripts/layers/babel.config.cjs" },
    enhancedResolveOptions: {
      // what the check follows: TypeScript counts although the `typescript` package is not the one it knows
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
