import type { Context } from "hono";
import { Hono } from "hono";
import type { z } from "zod";
import { ErrorCode } from "../../../contract/errors.ts";
import { routes } from "../../../contract/routes.ts";
import { ApiError } from "../../api-error.ts";
import type { UserInfoService } from "../../features/accounts/user-info.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { fileParams, jsonBody, parseWith } from "../validate.ts";

/** The public avatar image of a user; `?v=` in the links user info gives changes with the image. */
export const AVATAR_PATH = routes.userAvatar.path;
const AVATAR_CACHE_CONTROL = "public, max-age=86400";

/** A POST with no body at all reads as `{}`; one with a body must be JSON. */
async function optionalJsonBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const length = c.req.header("content-length");
  const hasBody = Boolean(c.req.header("content-type")) || (length !== undefined && length !== "0");
  return hasBody ? jsonBody(c, schema) : parseWith(schema, {});
}

function noAvatar(): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no avatar");
}

export function userRoutes(deps: { userInfo: UserInfoService }) {
  const { userInfo } = deps;
  return new Hono<AppEnv>()
    .get(routes.userInfo.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await userInfo.forUser(userId));
    })
    .post(routes.visitorInfo.path, limitBody(routes.visitorInfo.maxBodyBytes), async (c) => {
      const body = await optionalJsonBody(c, routes.visitorInfo.body);
      return ok(c, await userInfo.forVisitor(body.visitorId ?? c.get("deviceNo")));
    })
    .post(routes.modifyProfile.path, limitBody(routes.modifyProfile.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, routes.modifyProfile.body);
      await userInfo.modifyProfile(userId, body);
      return ok(c, {});
    })
    .post(routes.setEdition.path, limitBody(routes.setEdition.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, routes.setEdition.body);
      await userInfo.setEdition(userId, body);
      return ok(c, {});
    });
}

/**
 * Avatars are public images loaded by <img>, which sends no device number or API key, so this route is
 * mounted ahead of the API's guards.
 */
export function avatarRoutes(deps: { userInfo: UserInfoService }) {
  const { userInfo } = deps;
  return new Hono<AppEnv>().get(AVATAR_PATH, async (c) => {
    const { id } = fileParams(c, routes.userAvatar.params);
    const avatar = await userInfo.avatar(Number(id));
    if (!avatar) throw noAvatar();
    return c.body(new Uint8Array(avatar.bytes), 200, {
      "content-type": avatar.mime,
      "cache-control": AVATAR_CACHE_CONTROL,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    });
  });
}
