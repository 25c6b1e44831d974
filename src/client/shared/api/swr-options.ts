import type { SWRConfiguration } from "swr";

/**
 * Options every read hook passes to useSWR. They are not set through a global <SWRConfig> so that swr stays
 * out of the first-load bundle until a feature that reads data is loaded.
 * The server rate-limits (4003), so failed reads are not retried behind the user's back: the UI offers "Retry".
 */
export const swrOptions = {
  shouldRetryOnError: false,
  revalidateOnFocus: false,
} as const satisfies SWRConfiguration;
