/** The swap transaction record (spec §2, §3 swap order, §4 order statuses) for the swap screen to mount. */
export { SwapTransactionRecord } from "./components/SwapTransactionRecord.tsx";
