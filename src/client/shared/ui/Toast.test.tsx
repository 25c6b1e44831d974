import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { messageKeyText } from "../i18n/message-key-text.ts";
import { type ToastApi, ToastProvider, useToast } from "./Toast.tsx";

let api: ToastApi | undefined;
function Capture() {
  api = useToast();
  return null;
}

function show(key: keyof typeof messageKeyText) {
  act(() => api?.show(messageKeyText[key], "error"));
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <I18nProvider i18n={i18n}>
      <ToastProvider durationMs={3000}>
        <Capture />
      </ToastProvider>
    </I18nProvider>,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toasts", () => {
  it("announce in a polite status region and hide after a few seconds", () => {
    const region = screen.getByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");
    show("tooFrequent");
    expect(region).toHaveTextContent("Too many requests. Please wait a moment and try again.");
    act(() => vi.advanceTimersByTime(3001));
    expect(region.textContent).toBe("");
  });

  it("show one copy of the same message and restart its timer", () => {
    show("tooFrequent");
    act(() => vi.advanceTimersByTime(2000));
    show("tooFrequent");
    show("loginInvalid");
    expect(screen.getAllByText("Too many requests. Please wait a moment and try again.")).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole("status")).toHaveTextContent("Too many requests.");
    act(() => vi.advanceTimersByTime(1001));
    expect(screen.getByRole("status").textContent).toBe("");
  });
});
