import { msg } from "@lingui/core/macro";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { SwapProgress } from "./SwapProgress.tsx";

describe("a swap that failed before its order was opened", () => {
  it("marks no step failed (a sale of the chain's coin has no approval to fail)", () => {
    renderWithProviders(
      <SwapProgress
        run={{ phase: "failed", message: msg`You rejected the request in your wallet.`, order: null }}
        onCancelOrder={() => undefined}
        onClose={() => undefined}
      />,
    );
    const steps = within(screen.getByRole("list", { name: "Transfer steps" }));
    for (const step of ["Approve", "Transfer", "In progress", "Completed"]) {
      expect(steps.getByText(step).closest("li")).toHaveAttribute("data-state", "todo");
    }
    expect(screen.getByRole("alert")).toHaveTextContent("You rejected the request in your wallet.");
  });
});
