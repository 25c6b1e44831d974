import type { Api } from "grammy";

/** The signal type grammY's Node build declares for its calls (the abort-controller package's, not the platform's). */
export type GrammySignal = NonNullable<Parameters<Api["getMe"]>[0]>;

/**
 * The platform's AbortSignal as grammY's declared one. Only the declarations differ: grammY hands the signal to
 * fetch, which takes the platform's signal (AbortSignal.any and AbortSignal.timeout exist only there).
 */
export function grammySignal(signal: AbortSignal): GrammySignal {
  return signal as unknown as GrammySignal;
}
