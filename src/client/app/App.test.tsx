import { i18n } from "@lingui/core";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBrowserHost } from "../host/browser-host.ts";
import { HostProvider } from "../host/host-context.tsx";
import { ApiError } from "../shared/api/api-error.ts";
import { apiEvents } from "../shared/api/api-events.ts";
import { stubApi } from "../shared/testing/stub-api.ts";
import { App } from "./App.tsx";
import { AppProviders } from "./providers.tsx";

// The shell does not wait for data: every call it makes (chats, coins, news) finds the server busy.
beforeEach(() => {
  stubApi(() => ({ status: 503, code: 1001, msg: "Serverbusy", data: { key: "Serverbusy" } }));
});

afterEach(() => {
  act(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
});

describe("App", () => {
  it("shows the header and the slogan", async () => {
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    expect(screen.getByRole("banner")).toHaveTextContent("MountainLion");
    expect(screen.getByRole("button", { name: "Model: MountainLion" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Feedback" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "中文" })).toBeInTheDocument();
    // the home page is a lazy chunk: its first import (and transform, under vitest) may take over a second
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5_000 })).toHaveTextContent(
      "Ask AI about any token",
    );
  });

  it("toasts the too-frequent message when the API announces 4003", () => {
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    act(() => apiEvents.emit("tooFrequent", new ApiError({ code: 4003, key: "tooFrequent", msg: "slow down" })));
    expect(screen.getByRole("status")).toHaveTextContent("Too many requests. Please wait a moment and try again.");
  });

  it("switches to Chinese and back, remembering the choice", async () => {
    const user = userEvent.setup();
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    await user.click(screen.getByRole("button", { name: "中文" }));
    expect(await screen.findByRole("button", { name: "English" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "反馈" })).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh");
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("button", { name: "Feedback" })).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("en");
  });
});
