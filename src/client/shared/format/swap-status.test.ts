import { describe, expect, it } from "vitest";
import { swapOrderStatuses } from "../../../contract/swap.ts";
import { i18n } from "../i18n/i18n.ts";
import { swapStatusText, swapStatusTone } from "./swap-status.ts";

describe("swap order statuses (spec §4)", () => {
  it("read in the spec's words, one for every status", () => {
    expect(swapOrderStatuses.map((status) => i18n._(swapStatusText[status]))).toEqual([
      "Awaiting user deposit",
      "Exchanging",
      "Completed",
      "Timeout",
      "Failed",
      "Waiting for KYC",
      "Refund",
      "Refund completed",
      "Pending",
      "Cancelled",
    ]);
  });

  it("are green when done or refunded, red when stopped, accent while moving", () => {
    expect(swapStatusTone("completed")).toBe("success");
    expect(swapStatusTone("refund_completed")).toBe("success");
    for (const status of ["fail", "timeout", "cancelled"] as const) expect(swapStatusTone(status)).toBe("danger");
    for (const status of ["awaiting_deposit", "pending", "exchanging", "waiting_kyc", "refund"] as const) {
      expect(swapStatusTone(status)).toBe("progress");
    }
  });
});
