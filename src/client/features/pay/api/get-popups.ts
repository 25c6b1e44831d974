import { type PopupsData, payRoutes, popupsDataSchema } from "../../../../contract/pay.ts";
import { http } from "../../../shared/api/http.ts";

/**
 * GET getPopups: outcomes of the user's orders not shown before. The server hands each out once, so this is a
 * plain call, never cached or deduplicated by a read hook.
 */
export function getPopups(): Promise<PopupsData> {
  return http.get(payRoutes.getPopups.path, { parse: (data) => popupsDataSchema.parse(data) });
}
