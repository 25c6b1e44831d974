import useSWR from "swr";
import { type InviteInfoData, inviteInfoDataSchema } from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { useSignedInUserId } from "./points-key.ts";

export const inviteInfoPath = routes.getInviteInfo.path;
export type InviteInfoKey = readonly [typeof inviteInfoPath, string];

/** GET points/getInviteInfo: the invitation code, the bot's link, and who signed up with it. */
export function getInviteInfo(): Promise<InviteInfoData> {
  return http.get(inviteInfoPath, { parse: (data) => inviteInfoDataSchema.parse(data) });
}

/** Nothing is fetched while signed out. */
export function useInviteInfo() {
  const userId = useSignedInUserId();
  const key: InviteInfoKey | null = userId === null ? null : [inviteInfoPath, userId];
  return useSWR<InviteInfoData, ApiError, InviteInfoKey | null>(key, getInviteInfo, swrOptions);
}

/**
 * The web app's invitation link: the app opened with `?startapp=ref_<code>`, which keeps the code for the sign-up
 * form and a wallet's first sign-in (src/client/app/navigation/start-link.ts).
 */
export function webInviteLink(code: string, origin: string = window.location.origin): string {
  const url = new URL("/", origin);
  url.searchParams.set("startapp", `ref_${code}`);
  return url.href;
}
