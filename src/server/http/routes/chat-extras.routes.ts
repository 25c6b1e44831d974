import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import { userSubject, visitorSubject } from "../../features/accounts/quota.service.ts";
import type { ChatExtras } from "../../features/chat/extras/chat-extras.ts";
import { polishInstruction } from "../../features/chat/extras/polish.ts";
import { withShareMeta } from "../../features/chat/extras/share-page.ts";
import { qrSvgDataUrl } from "../../features/chat/extras/share-qr.ts";
import { sharePagePath } from "../../features/chat/extras/shares.ts";
import { swapQuestions } from "../../features/chat/extras/suggestions.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requestLog } from "../middleware/request-context.ts";
import { fileParams, jsonBody, jsonBytes, queryParams } from "../validate.ts";

export interface ChatExtrasRouteDeps {
  extras: ChatExtras;
  /** PUBLIC_URL: the address share links and QR codes name; the request's own origin when unset */
  publicUrl: string | undefined;
}

/** The signed-in user, or the visitor this device is: the owner of uploads and chats. */
function ownerOf(c: Context<AppEnv>): string {
  const session = c.get("session");
  return session ? userSubject(session.userId) : visitorSubject(c.get("deviceNo"));
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** Where users reach the app: PUBLIC_URL, else the origin this request came to. */
export function publicOrigin(c: Context<AppEnv>, deps: Pick<ChatExtrasRouteDeps, "publicUrl">): string {
  if (deps.publicUrl) return deps.publicUrl.replace(/\/+$/, "");
  const url = new URL(c.req.url);
  // X-Forwarded-Proto/-Host only from a trusted reverse proxy (TRUST_PROXY)
  if (c.get("viaTrustedProxy")) {
    const host = c.req.header("x-forwarded-host")?.split(",")[0]?.trim();
    const proto = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
    if (host && HOST.test(host)) url.host = host;
    if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
  }
  return url.origin;
}

/**
 * Uploads, prompt polish, recommended and swap questions, and sharing (spec §2 input bar, §3, §5 limits, §7).
 * Mounted inside the API's guards.
 */
export function chatExtrasRoutes(deps: ChatExtrasRouteDeps) {
  const { uploads, shares, recommender } = deps.extras;
  return (
    new Hono<AppEnv>()
      // upload bodies (tens of megabytes of base64) are parsed and checked against the contract's body schemas in
      // the upload workers, off this thread
      .post(routes.imageListUpload.path, limitBody(routes.imageListUpload.maxBodyBytes), async (c) => {
        return ok(c, await uploads.saveImages(ownerOf(c), await jsonBytes(c)));
      })
      .post(routes.pdfUpload.path, limitBody(routes.pdfUpload.maxBodyBytes), async (c) => {
        return ok(c, await uploads.savePdf(ownerOf(c), await jsonBytes(c)));
      })
      .get(routes.instructionPolish.path, (c) => {
        const query = queryParams(c, routes.instructionPolish.query);
        return ok(c, polishInstruction(query.instruction, query.language));
      })
      .get(routes.chatRecommend.path, (c) => {
        const query = queryParams(c, routes.chatRecommend.query);
        return ok(c, { list: recommender.next(query.language, query.count, query.seed) });
      })
      .get(routes.getSwapAgentQuestion.path, (c) => {
        const query = queryParams(c, routes.getSwapAgentQuestion.query);
        return ok(c, { content1: swapQuestions(query.language) });
      })
      .post(routes.shareMessages.path, limitBody(routes.shareMessages.maxBodyBytes), async (c) => {
        const body = await jsonBody(c, routes.shareMessages.body);
        const { code, summary } = await shares.share(ownerOf(c), body.msggroup, body.messages);
        const url = sharePagePath(code);
        return ok(c, {
          code,
          url,
          qrcode: await qrSvgDataUrl(`${publicOrigin(c, deps)}${url}`),
          summary_str: summary,
        });
      })
      .get(routes.getShareMessages.path, async (c) => {
        const { code } = queryParams(c, routes.getShareMessages.query);
        const shared = await shares.get(code);
        if (!shared) {
          throw new ApiError(ErrorCode.RequestFailed, "invalidValue", 404, [{ field: "code", key: "invalidValue" }]);
        }
        return ok(c, shared);
      })
  );
}

const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Uploaded chat images, loaded by <img> (no device number or API key), so mounted ahead of the API's guards.
 * They are public to whoever has the link: the id is 18 random bytes, and an id's bytes never change.
 */
export function chatUploadFileRoutes(deps: { extras: ChatExtras }) {
  const { uploads } = deps.extras;
  return new Hono<AppEnv>().get(routes.chatUpload.path, async (c) => {
    const { id } = fileParams(c, routes.chatUpload.params);
    const image = await uploads.image(id);
    if (!image) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such upload");
    return c.body(new Uint8Array(image.bytes), 200, {
      "content-type": image.mime,
      "cache-control": IMAGE_CACHE_CONTROL,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      "content-disposition": "inline",
    });
  });
}

/** The public page of a share, `/chatDetail/{code}`: the route to mount `sharePageMeta` on. */
export const SHARE_PAGE_ROUTE = "/chatDetail/:code";

/**
 * Puts a shared chat's link-preview tags (og:title, og:description, og:url, twitter:card) into the web app's
 * index.html served for its public page, so crawlers that run no JavaScript see the question. Unknown codes, and
 * anything that is not the page itself, pass through unchanged.
 */
export function sharePageMeta(deps: Omit<ChatExtrasRouteDeps, "extras"> & { extras: Pick<ChatExtras, "shares"> }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const response = c.res;
    if (c.req.method !== "GET" || response.status !== 200) return;
    if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
    const code = c.req.path.split("/")[2] ?? "";
    let shared: Awaited<ReturnType<typeof deps.extras.shares.get>>;
    try {
      shared = await deps.extras.shares.get(code);
    } catch (error) {
      requestLog(c).warn({ err: error }, "share lookup for the page's preview failed");
      return;
    }
    if (!shared) return;
    const html = withShareMeta(await response.text(), {
      summary: shared.summary,
      url: `${publicOrigin(c, deps)}${sharePagePath(code)}`,
    });
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    // clear first: assigning over a response would copy its headers (its length among them) onto the new one
    c.res = undefined;
    c.res = new Response(html, { status: 200, headers });
  });
}
