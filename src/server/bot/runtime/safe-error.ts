import { GrammyError, HttpError } from "grammy";

/** What a log line may say about an error of the bot: never the token (Bot API URLs carry it), never a payload. */
export interface SafeError {
  name: string;
  message: string;
  /** the Bot API method that failed */
  method?: string;
  error_code?: number;
  description?: string;
  retry_after?: number;
  /** what a network failure was (ECONNREFUSED, ...) */
  cause?: string;
}

/**
 * An error reduced to fields that are safe to log, with every occurrence of the token (and of its secret half)
 * replaced. grammY's HttpError carries the fetch error, whose message names the request URL and so the token;
 * GrammyError carries the call's payload (user text): neither is passed on whole.
 */
export function safeError(error: unknown, token: string): SafeError {
  const redact = (text: string) => redactToken(text, token);
  if (error instanceof GrammyError) {
    return {
      name: error.name,
      message: redact(error.message),
      method: error.method,
      error_code: error.error_code,
      description: redact(error.description),
      ...(error.parameters.retry_after !== undefined ? { retry_after: error.parameters.retry_after } : {}),
    };
  }
  if (error instanceof HttpError) {
    const inner = error.error as { code?: unknown; name?: unknown } | undefined;
    const cause = typeof inner?.code === "string" ? inner.code : typeof inner?.name === "string" ? inner.name : "";
    return { name: error.name, message: redact(error.message), ...(cause ? { cause: redact(cause) } : {}) };
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? redact(error.cause.message) : undefined;
    return { name: error.name, message: redact(error.message), ...(cause ? { cause } : {}) };
  }
  return { name: "Error", message: redact(String(error)) };
}

export function redactToken(text: string, token: string): string {
  if (!token) return text;
  const secret = token.split(":")[1] ?? "";
  let out = text.split(token).join("[token]");
  if (secret.length >= 8) out = out.split(secret).join("[token]");
  return out;
}
