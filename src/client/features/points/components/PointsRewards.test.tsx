import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import {
  fakeActList,
  fakeEntry,
  fakeInviteInfo,
  fakeShareCount,
  fakeTwitterTasks,
  twitterNotConfigured,
} from "../testing/points-fixtures.ts";
import { InviteCard } from "./InviteCard.tsx";
import { PointsHistory } from "./PointsHistory.tsx";
import { ShareTasks } from "./ShareTasks.tsx";
import { TwitterTasks } from "./TwitterTasks.tsx";

function renderSignedIn(ui: ReactElement, reply: (call: RecordedCall) => StubReply, host?: Host) {
  const api = stubApi(reply);
  const user = userEvent.setup();
  const { store } = renderWithProviders(ui, host);
  act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
  return { api, user };
}

const notFound: StubReply = { status: 404, code: 1001, data: { key: "notFound" } };

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("share task", () => {
  it("shows today's rewarded shares out of 10 and what each way of sharing earns", async () => {
    renderSignedIn(<ShareTasks />, (call) =>
      call.path === "getUserShareCount" ? { data: fakeShareCount(3) } : notFound,
    );
    const card = within(screen.getByRole("region", { name: "Share" }));
    expect(await card.findByText("Today: 3/10 rewarded")).toBeInTheDocument();
    const rewards = card.getAllByRole("listitem").map((item) => item.textContent);
    expect(rewards).toEqual([
      "Download the image+200",
      "Copy the link+100",
      "Share on WeChat+300",
      "Share on X (Twitter)+300",
      "Share on Facebook+300",
      "Share on Weibo+300",
    ]);
  });
});

describe("Twitter tasks", () => {
  it("say plainly that they are not available on a server without X API keys, with nothing to press", async () => {
    const { api } = renderSignedIn(<TwitterTasks />, () => twitterNotConfigured);
    const card = within(screen.getByRole("region", { name: "Twitter (X)" }));
    expect(
      await card.findByText("Twitter tasks are not available on this server: it has no X (Twitter) API keys."),
    ).toBeInTheDocument();
    expect(card.queryByRole("button")).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(["getUserVerifiedTask"]);
  });

  it("ask to bind X first, then check a task and say the points won", async () => {
    let tasks = fakeTwitterTasks({ username: "alice_x" });
    const { api, user } = renderSignedIn(<TwitterTasks />, (call) => {
      if (call.path === "getUserVerifiedTask") return { data: tasks };
      if (call.path === "verifyUserOperation") {
        tasks = fakeTwitterTasks({
          username: "alice_x",
          tasks: tasks.tasks.map((task) => (task.task === "follow" ? { ...task, verified: true } : task)),
        });
        return { data: { task: "follow", verified: true, awarded: 300, points: 300 } };
      }
      return notFound;
    });
    const card = within(screen.getByRole("region", { name: "Twitter (X)" }));
    expect(await card.findByText("Bound to @alice_x")).toBeInTheDocument();
    const follow = card.getByRole("link", { name: "Follow us on X" });
    expect(follow).toHaveAttribute("href", "https://x.com/mountainlion");
    await user.click(card.getAllByRole("button", { name: "Check" })[0] as HTMLElement);
    expect(await screen.findByText("Task done: +300 points")).toBeInTheDocument();
    expect(await card.findByText("Done")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "verifyUserOperation")?.query.get("task")).toBe("follow");
  });

  it("finishes the binding when X sends the user back with code and state, and takes them off the address", async () => {
    window.history.replaceState(null, "", "/pointsCenter/?state=state-0123456789abcdef&code=x-code");
    let bound = false;
    const { api } = renderSignedIn(<TwitterTasks />, (call) => {
      if (call.path === "twitterBinding") {
        bound = true;
        return { data: { username: "bob_x" } };
      }
      if (call.path === "getUserVerifiedTask") return { data: fakeTwitterTasks({ username: bound ? "bob_x" : null }) };
      return notFound;
    });
    expect(await screen.findByText("Your X account is bound.")).toBeInTheDocument();
    expect(await screen.findByText("Bound to @bob_x")).toBeInTheDocument();
    const binding = api.calls.find((call) => call.path === "twitterBinding");
    expect(Object.fromEntries(binding?.query ?? [])).toEqual({ code: "x-code", state: "state-0123456789abcdef" });
    expect(window.location.search).toBe("");
  });

  it("offers binding before the tasks can be checked", async () => {
    renderSignedIn(<TwitterTasks />, (call) =>
      call.path === "getUserVerifiedTask" ? { data: fakeTwitterTasks() } : notFound,
    );
    const card = within(screen.getByRole("region", { name: "Twitter (X)" }));
    expect(await card.findByRole("button", { name: "Bind X account" })).toBeEnabled();
    for (const check of card.getAllByRole("button", { name: "Check" })) expect(check).toBeDisabled();
  });
});

describe("invitations", () => {
  it("shows the code, the web and Telegram links with a QR, the friends invited and the points earned", async () => {
    const info = fakeInviteInfo({
      botLink: "https://t.me/mountainlion_bot?start=ref_INV7X2",
      count: 2,
      points: 130,
      list: [
        { userName: "carol", createTime: "2026-03-27T08:00:00.000Z", points: 42 },
        { userName: "dave", createTime: "2026-03-20T08:00:00.000Z", points: 88 },
      ],
    });
    const { user } = renderSignedIn(<InviteCard />, (call) =>
      call.path === "points/getInviteInfo" ? { data: info } : notFound,
    );
    const card = within(screen.getByRole("region", { name: "Invite friends" }));
    expect(await card.findByRole("textbox", { name: "Invitation code" })).toHaveValue("INV7X2");
    const link = `${window.location.origin}/?startapp=ref_INV7X2`;
    expect(card.getByRole("textbox", { name: "Invitation link" })).toHaveValue(link);
    expect(card.getByRole("textbox", { name: "Telegram invitation link" })).toHaveValue(
      "https://t.me/mountainlion_bot?start=ref_INV7X2",
    );
    const qr = await card.findByRole("img", { name: "QR code of your invitation link" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(card.getByText("2 friends invited · 130 points earned")).toBeInTheDocument();
    const friends = within(card.getByRole("list", { name: "Friends invited" })).getAllByRole("listitem");
    expect(friends.map((friend) => friend.textContent)).toEqual([
      expect.stringMatching(/^carol.*\+42$/),
      expect.stringMatching(/^dave.*\+88$/),
    ]);

    await user.click(card.getByRole("button", { name: "Copy Invitation link" }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
  });

  it("has no Telegram link on a server without a bot, and shares the web link through the host", async () => {
    const browser = createBrowserHost();
    const shareUrl = vi.fn(async (_url: string, _text?: string) => "shared" as const);
    const host: Host = { ...browser, share: { ...browser.share, shareUrl } };
    const { user } = renderSignedIn(
      <InviteCard />,
      (call) => (call.path === "points/getInviteInfo" ? { data: fakeInviteInfo() } : notFound),
      host,
    );
    const card = within(screen.getByRole("region", { name: "Invite friends" }));
    expect(await card.findByText("0 friends invited · 0 points earned")).toBeInTheDocument();
    expect(card.queryByRole("textbox", { name: "Telegram invitation link" })).not.toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Share the invitation" }));
    expect(shareUrl).toHaveBeenCalledWith(
      `${window.location.origin}/?startapp=ref_INV7X2`,
      "Join me on MountainLion, the AI assistant for crypto.",
    );
  });
});

describe("points history", () => {
  it("names each reward in words, with a share's kind", async () => {
    const list = [
      fakeEntry({ id: "1", amount: 100, reason: "share", reference: "copyLink" }),
      fakeEntry({ id: "2", amount: 57, reason: "invite", reference: "12" }),
      fakeEntry({ id: "3", amount: 300, reason: "twitterTask", reference: "follow" }),
    ];
    renderSignedIn(<PointsHistory page={1} pageSize={20} renderPager={() => null} />, (call) =>
      call.path === "getUserActList" ? { data: fakeActList(list) } : notFound,
    );
    const entries = await screen.findAllByRole("listitem");
    expect(entries.map((entry) => entry.querySelector(".points-history__reason")?.textContent)).toEqual([
      "Share reward · link copied",
      "Invitation reward",
      "Twitter task reward · follow",
    ]);
  });
});
