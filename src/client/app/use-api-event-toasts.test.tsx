import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../shared/api/api-error.ts";
import { apiEvents } from "../shared/api/api-events.ts";
import { renderWithProviders } from "../shared/testing/render-with-providers.tsx";
import { useApiEventToasts } from "./use-api-event-toasts.ts";

function Toasts() {
  useApiEventToasts();
  return null;
}

describe("4001 toasts", () => {
  it("tell a visitor to log in, and a signed-in user that the login expired", async () => {
    const view = renderWithProviders(<Toasts />);
    act(() => apiEvents.emit("loginInvalid", new ApiError({ code: 4001, key: "loginFirst", msg: "sign in first" })));
    expect(await screen.findByText("Please log in first.")).toBeInTheDocument();
    expect(screen.queryByText(/login has expired/)).toBeNull();
    view.unmount();

    renderWithProviders(<Toasts />);
    act(() => apiEvents.emit("loginInvalid", new ApiError({ code: 4001, key: "loginInvalid", msg: "login invalid" })));
    expect(await screen.findByText("Your login has expired. Please log in again.")).toBeInTheDocument();
  });
});

describe("4003 toasts", () => {
  it("say a sign-in is locked when that is why, and too frequent otherwise", async () => {
    const view = renderWithProviders(<Toasts />);
    act(() => apiEvents.emit("tooFrequent", new ApiError({ code: 4003, key: "signInLocked", msg: "locked" })));
    expect(await screen.findByText(/Too many failed sign-ins for this email/)).toBeInTheDocument();
    expect(screen.queryByText(/Too many requests/)).toBeNull();
    view.unmount();

    renderWithProviders(<Toasts />);
    act(() => apiEvents.emit("tooFrequent", new ApiError({ code: 4003, key: "tooFrequent", msg: "slow down" })));
    expect(await screen.findByText("Too many requests. Please wait a moment and try again.")).toBeInTheDocument();
  });
});
