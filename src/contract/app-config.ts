import { z } from "zod";

/** GET app/config: what the web app needs to know of this deployment (optional sign-in methods). */
export const appConfigDataSchema = z.object({
  googleClientId: z.string().nullable(),
  walletConnectProjectId: z.string().nullable(),
  turnstileSiteKey: z.string().nullable(),
  telegramBotId: z.number().nullable(),
  /** the TON Connect manifest's absolute URL; null: the app's own /tonconnect-manifest.json */
  tonConnectManifestUrl: z.string().nullable(),
  /** the chains a wallet sign-in may name (SIWE_CHAIN_IDS); a wallet elsewhere is asked to switch first */
  signInChainIds: z.array(z.number().int().positive()),
});
export type AppConfigData = z.infer<typeof appConfigDataSchema>;
