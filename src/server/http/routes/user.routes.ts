// SKELETON (helper C replaces): user/info, visitor/info, user/modifyProfile, user/edition, user/avatar/:id.
import { Hono } from "hono";
import type { UserInfoService } from "../../features/accounts/user-info.service.ts";
import type { AppEnv } from "../app-env.ts";

export function userRoutes(_deps: { userInfo: UserInfoService }) {
  return new Hono<AppEnv>();
}
