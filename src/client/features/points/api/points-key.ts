import { useAtomValue } from "jotai";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";

/**
 * The points reads belong to one user: their cache keys name the user, so a sign-in, a sign-out or another
 * account reads afresh, and nothing is read for a visitor (who would only get loginFirst).
 */
export function useSignedInUserId(): string | null {
  const status = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  return status === "loggedIn" ? userId : null;
}

/** Whether a cache key is one of the points center's (each key starts with its route's path). */
export function isPointsKey(key: unknown, paths: readonly string[]): boolean {
  return Array.isArray(key) && typeof key[0] === "string" && paths.includes(key[0]);
}
