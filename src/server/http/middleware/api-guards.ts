import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DEVICE_NO_PATTERN, Headers } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { RateLimiter } from "../../providers/rate-limiter.ts";
import type { AppEnv } from "../app-env.ts";
import { incomingHeader } from "../incoming-header.ts";

/**
 * EventSource cannot send headers, so the live channel (GET .../push) may carry the device number and the
 * API key as query parameters instead; every other call uses the headers.
 */
function fromHeaderOrPushQuery(c: Context<AppEnv>, header: string, query: string): string | undefined {
  const value = incomingHeader(c, header);
  if (value !== undefined) return value;
  return c.req.method === "GET" && c.req.path.endsWith("/push") ? c.req.query(query) : undefined;
}

/** With API_KEY set, every call must carry it in x-api-key. */
export function apiKeyGuard(apiKey: string | undefined) {
  const expected = apiKey ? Buffer.from(apiKey) : undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (expected) {
      const given = Buffer.from(fromHeaderOrPushQuery(c, Headers.apiKey, "apiKey") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError(ErrorCode.RequestFailed, "apiKeyInvalid", 401, [], "missing or wrong API key");
      }
    }
    await next();
  });
}

/** Every call carries the device number the client created (spec §7); the token slot is read here too. */
export function deviceAndToken() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const deviceNo = fromHeaderOrPushQuery(c, Headers.deviceNo, "deviceNo");
    if (!deviceNo || !DEVICE_NO_PATTERN.test(deviceNo)) {
      throw new ApiError(
        ErrorCode.RequestFailed,
        "deviceNoMissing",
        400,
        [{ field: Headers.deviceNo, key: "deviceNoMissing" }],
        `the ${Headers.deviceNo} header is missing or malformed`,
      );
    }
    c.set("deviceNo", deviceNo);
    const authorization = incomingHeader(c, Headers.authorization);
    const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    c.set("token", token);
    await next();
  });
}

/**
 * 4003 when a device, or a client address, sends more than its share. The address limit is wider because
 * many devices may share one address.
 */
export function rateLimit(limiters: { byDevice: RateLimiter; byAddress: RateLimiter }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const [byIp, byDevice] = await Promise.all([
      limiters.byAddress.consume(c.get("clientIp")),
      limiters.byDevice.consume(c.get("deviceNo")),
    ]);
    const denied = !byIp.allowed ? byIp : !byDevice.allowed ? byDevice : undefined;
    if (denied) {
      c.header("retry-after", String(Math.ceil(denied.retryAfterMs / 1000)));
      throw new ApiError(ErrorCode.TooManyRequests, "tooFrequent", 429, [], "too many requests");
    }
    await next();
  });
}

/** The tighter allowance of sign-in, code and captcha routes, per device and per address. */
export function authRateLimit(limiter: RateLimiter) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const [byDevice, byAddress] = await Promise.all([
      limiter.consume(`dev:${c.get("deviceNo")}`),
      limiter.consume(`ip:${c.get("clientIp")}`),
    ]);
    const denied = !byDevice.allowed ? byDevice : !byAddress.allowed ? byAddress : undefined;
    if (denied) {
      c.header("retry-after", String(Math.ceil(denied.retryAfterMs / 1000)));
      throw new ApiError(ErrorCode.TooManyRequests, "tooFrequent", 429, [], "too many sign-in attempts");
    }
    await next();
  });
}
