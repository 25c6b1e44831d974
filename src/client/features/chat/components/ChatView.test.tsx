import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../../../contract/chat.ts";
import { createTelegramHost, type TelegramHost } from "../../../host/telegram-host.ts";
import { installTelegramMock, type TelegramMock } from "../../../host/telegram-mock.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";
import { storedMessage, stubChatApi } from "../testing/chat-api-stub.ts";
import { ChatView } from "./ChatView.tsx";

const MSGGROUP = "1700000000000u1";
const startEvent = (n: number) => ({
  msggroup: MSGGROUP,
  questionCode: `q${n}`,
  code: `a${n}`,
  model: 6,
  answeredBy: "MountainLion",
  remaining: null,
});
const citation = { tool: "price", source: "Binance", at: "2024-05-01T10:00:00Z" };

function api(
  stored: ChatMessage[] = [],
  extra: (call: RecordedCall) => StubReply | Promise<StubReply> | undefined = () => undefined,
) {
  return stubChatApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === "getMessageList") return { data: { list: stored } };
    if (call.path === "chat/recommend") return { data: { list: ["What is the BTC price?"] } };
    if (call.path === "getMsgGroupList") return { data: { list: [], total: 0 } };
    return { data: {} };
  });
}

function pairs(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, i) => [
    storedMessage({ code: `q${i}`, role: "user", content: `Question ${i}` }),
    storedMessage({ code: `a${i}`, role: "assistant", content: `Answer ${i}` }),
  ]).flat();
}

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(screen.getByRole("textbox", { name: "Question" }), `${question}{Enter}`);
}

describe("chat view", () => {
  it("streams an answer: text as it arrives, a looked-up line with its source, then related questions", async () => {
    const stub = api();
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "BTC price?");
    const stream = await stub.nextStream();
    expect(stream.call.body).toMatchObject({
      msggroup: MSGGROUP,
      question: "BTC price?",
      model: 6,
      mode: "search",
      language: "en",
    });
    expect(screen.getByRole("article", { name: "Your question" })).toHaveTextContent("BTC price?");
    const answer = screen.getByRole("article", { name: "Answer" });
    expect(answer).toHaveTextContent("Thinking…");
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();

    stream.send("start", startEvent(1));
    stream.send("tool", { name: "price", summary: "Looked up BTC price", citation });
    stream.send("text", { delta: "BTC is " });
    await waitFor(() => expect(answer).toHaveTextContent("BTC is"));
    stream.send("text", { delta: "**60,000** USDT." });
    await waitFor(() => expect(answer).toHaveTextContent("BTC is 60,000 USDT."));
    const tools = within(answer).getByRole("list", { name: "Data looked up" });
    expect(tools).toHaveTextContent("Looked up BTC price");
    expect(tools).toHaveTextContent("Binance ·");

    stream.send("done", { code: "a1", finishReason: "stop", related: ["ETH price?"], citations: [citation] });
    stream.close();
    const related = await screen.findByRole("list", { name: "Related questions" });
    expect(await screen.findByRole("button", { name: "Send" })).toBeInTheDocument();
    await user.click(within(related).getByRole("button", { name: "ETH price?" }));
    const next = await stub.nextStream();
    expect(next.call.body).toMatchObject({ question: "ETH price?" });
  });

  it("renders markdown tables, and never model HTML", async () => {
    const stub = api();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "Compare");
    const stream = await stub.nextStream();
    stream.send("start", startEvent(1));
    stream.send("text", {
      delta:
        '| Coin | Price |\n| --- | --- |\n| BTC | 60,000 |\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>[x](javascript:alert(3))',
    });
    stream.send("done", { code: "a1", finishReason: "stop", related: [], citations: [] });
    stream.close();
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("cell", { name: "60,000" })).toBeInTheDocument();
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it("stops an answer: chat/stop is called, the stream is aborted and the partial answer stays", async () => {
    const stub = api();
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "Long answer please");
    const stream = await stub.nextStream();
    stream.send("start", startEvent(1));
    stream.send("text", { delta: "First part" });
    await screen.findByText("First part");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(stream.aborted).toBe(true));
    expect(stub.calls.find((call) => call.path === "chat/stop")?.body).toEqual({ msggroup: MSGGROUP });
    const answer = screen.getByRole("article", { name: "Answer" });
    expect(await within(answer).findByText("Stopped")).toBeInTheDocument();
    expect(answer).toHaveTextContent("First part");
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
  });

  it("Stop freezes the answer on screen at once, though text still arrives before the stop takes effect", async () => {
    let confirmStop: (reply: StubReply) => void = () => undefined;
    const stopConfirmed = new Promise<StubReply>((resolve) => {
      confirmStop = resolve;
    });
    const stub = api([], (call) => (call.path === "chat/stop" ? stopConfirmed : undefined));
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "Long answer please");
    const stream = await stub.nextStream();
    stream.send("start", startEvent(1));
    stream.send("text", { delta: "First part" });
    const answer = screen.getByRole("article", { name: "Answer" });
    await within(answer).findByText("First part");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(within(answer).getByText("Stopped")).toBeInTheDocument();
    await waitFor(() => expect(stub.calls.some((call) => call.path === "chat/stop")).toBe(true));
    // the server has not stopped yet: the model's next words and the end of the answer still come
    stream.send("text", { delta: " and a second part" });
    stream.send("tool", { name: "price", summary: "Looked up ETH price", citation });
    stream.send("done", { code: "a1", finishReason: "stop", related: ["ETH price?"], citations: [citation] });
    stream.close();
    expect(await screen.findByRole("button", { name: "Send" })).toBeInTheDocument();
    expect(answer.querySelector(".markdown")?.textContent).toBe("First part");
    expect(within(answer).getByText("Stopped")).toBeInTheDocument();
    expect(within(answer).queryByText("Looked up ETH price")).not.toBeInTheDocument();
    confirmStop({ data: { stopped: false } });
  });

  it("keeps the partial answer of a failed one and offers to ask again", async () => {
    const stub = api();
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "ETH trend?");
    const stream = await stub.nextStream();
    stream.send("start", startEvent(1));
    stream.send("text", { delta: "ETH has been" });
    stream.send("error", { code: 1001, key: "chatAnswerError", partialCode: "a1" });
    stream.close();
    const answer = screen.getByRole("article", { name: "Answer" });
    expect(await within(answer).findByRole("alert")).toHaveTextContent("The answer could not be completed.");
    expect(answer).toHaveTextContent("ETH has been");
    await user.click(within(answer).getByRole("button", { name: "Ask again" }));
    expect((await stub.nextStream()).call.body).toMatchObject({ question: "ETH trend?" });
  });

  it("offers a refresh when the stream breaks, which reloads the stored messages", async () => {
    const stub = api([], (call) =>
      call.path === "getMessageList"
        ? {
            data: {
              list: [
                storedMessage({ code: "q1", role: "user", content: "SOL?" }),
                storedMessage({ code: "a1", role: "assistant", content: "SOL is up.", status: "error" }),
              ],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "SOL?");
    const stream = await stub.nextStream();
    stream.send("start", startEvent(1));
    stream.send("text", { delta: "SOL is" });
    stream.close();
    const answer = screen.getByRole("article", { name: "Answer" });
    expect(await within(answer).findByRole("alert")).toHaveTextContent("The answer stream was interrupted.");
    await user.click(within(answer).getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("SOL is up.")).toBeInTheDocument();
    expect(stub.calls.filter((call) => call.path === "getMessageList")).toHaveLength(1);
  });

  it("shows the free-chats dialog on 5004, and the redeem message on 20006", async () => {
    const stub = api();
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
    await ask(user, "One more?");
    const stream = await stub.nextStream();
    stream.send("error", { code: 5004, key: "noFreeChat", partialCode: null });
    stream.close();
    const dialog = await screen.findByRole("dialog", { name: "Free chats used up" });
    expect(dialog).toHaveTextContent("You have used up today's free chats.");
    expect(within(dialog).getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Not now" }));
    expect(dialog).not.toHaveAttribute("open");

    await ask(user, "And another?");
    const second = await stub.nextStream();
    second.send("error", { code: 20006, key: "chatQuotaRedeem", partialCode: null });
    second.close();
    const answers = await screen.findAllByRole("article", { name: "Answer" });
    const last = answers.at(-1);
    if (!last) throw new Error("no answer");
    expect(await within(last).findByRole("alert")).toHaveTextContent("Redeem more chats with points.");
    expect(within(last).getByRole("link", { name: "Redeem with points" })).toHaveAttribute("href", "/pointsCenter/");
  });

  it("on 20006 redeems through the app and asks again; a send the app holds back stays in the input", async () => {
    const stub = api();
    const user = userEvent.setup();
    const redeemChat = vi.fn(async () => true);
    let allowSend = false;
    const beforeSend = vi.fn(async () => allowSend);
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew redeemChat={redeemChat} beforeSend={beforeSend} />);
    await ask(user, "Held back?");
    expect(beforeSend).toHaveBeenCalledWith({ msggroup: MSGGROUP, question: "Held back?", attachments: [] });
    expect(screen.getByRole("textbox", { name: "Question" })).toHaveValue("Held back?");
    expect(stub.calls.filter((call) => call.path === "chat/send")).toHaveLength(0);

    allowSend = true;
    await user.click(screen.getByRole("button", { name: "Send" }));
    const stream = await stub.nextStream();
    stream.send("error", { code: 20006, key: "chatQuotaRedeem", partialCode: null });
    stream.close();
    const answer = await screen.findByRole("article", { name: "Answer" });
    await user.click(await within(answer).findByRole("button", { name: "Redeem with points" }));
    expect(redeemChat).toHaveBeenCalledWith({ msggroup: MSGGROUP, msgid: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
    const again = await stub.nextStream();
    expect(again.call.body).toMatchObject({ question: "Held back?" });
  });

  it("sends the question a new chat was opened with, 500 ms after opening", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const stub = api();
    const onInitialSent = vi.fn();
    renderWithProviders(
      <ChatView msggroup={MSGGROUP} isNew initialQuestion="What moved today?" onInitialSent={onInitialSent} />,
    );
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(stub.streams).toHaveLength(0);
    expect(onInitialSent).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    const stream = await stub.nextStream();
    expect(stream.call.body).toMatchObject({ question: "What moved today?" });
    expect(onInitialSent).toHaveBeenCalledOnce();
    expect(stub.calls.some((call) => call.path === "getMessageList")).toBe(false);
  });

  it("loads a stored chat, rates and copies an answer", async () => {
    const stub = api(pairs(1), (call) =>
      call.path === "userRate"
        ? { data: { code: call.query.get("code"), rate: Number(call.query.get("rate")) } }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    const answer = await screen.findByRole("article", { name: "Answer" });
    expect(answer).toHaveTextContent("Answer 0");
    await user.click(within(answer).getByRole("button", { name: "Good answer" }));
    expect(within(answer).getByRole("button", { name: "Good answer" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(stub.calls.some((call) => call.path === "userRate")).toBe(true));
    const rate = stub.calls.find((call) => call.path === "userRate");
    expect([rate?.method, rate?.query.get("code"), rate?.query.get("rate")]).toEqual(["POST", "a0", "1"]);
    await user.click(within(answer).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("Answer 0");
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
  });

  it("copies an answer as plain text, tables as tab-separated lines, or as the markdown from the copy menu", async () => {
    const markdown = "**BTC** and ETH:\n\n| Coin | Price |\n| --- | ---: |\n| BTC | 60,000 |\n| ETH | 3,000 |";
    api([
      storedMessage({ code: "q0", role: "user", content: "Compare" }),
      storedMessage({ code: "a0", role: "assistant", content: markdown }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    const answer = await screen.findByRole("article", { name: "Answer" });
    await user.click(within(answer).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe("BTC and ETH:\n\nCoin\tPrice\nBTC\t60,000\nETH\t3,000");

    const more = within(answer).getByRole("button", { name: "More ways to copy" });
    await user.click(more);
    expect(more).toHaveAttribute("aria-expanded", "true");
    const menu = within(answer).getByRole("menu", { name: "More ways to copy" });
    expect(within(menu).getByRole("menuitem", { name: "Copy as plain text" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Copy as Markdown" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(await navigator.clipboard.readText()).toBe(markdown);
    expect(within(answer).queryByRole("menu")).not.toBeInTheDocument();
    expect(more).toHaveFocus();

    await user.click(more);
    await user.keyboard("{Escape}");
    expect(within(answer).queryByRole("menu")).not.toBeInTheDocument();
    expect(more).toHaveAttribute("aria-expanded", "false");
  });

  it("shares 1 to 6 messages: a seventh is refused, the dialog gives the link and the sites", async () => {
    const stub = api(pairs(4), (call) =>
      call.path === "shareMessages"
        ? {
            data: {
              code: "s1",
              url: "/chatDetail/s1",
              qrcode: "data:image/svg+xml;base64,PHN2Zy8+",
              summary_str: "Question 0",
            },
          }
        : undefined,
    );
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    const answers = await screen.findAllByRole("article", { name: "Answer" });
    await user.click(within(answers[0] as HTMLElement).getByRole("button", { name: "Share" }));
    const boxes = () => screen.getAllByRole("checkbox");
    expect(boxes().filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2);
    const bar = screen.getByRole("region", { name: "Share messages" });
    expect(bar).toHaveTextContent("2 of up to 6 selected");
    for (const index of [2, 3, 4, 5]) await user.click(boxes()[index] as HTMLElement);
    expect(bar).toHaveTextContent("6 of up to 6 selected");
    await user.click(boxes()[6] as HTMLElement);
    expect(boxes()[6]).not.toBeChecked();
    expect(await screen.findByText("Choose 1 to 6 messages to share.")).toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Share" }));
    expect(within(bar).getByRole("button", { name: "Share" })).toBeDisabled();
    const dialog = await screen.findByRole("dialog", { name: "Share messages" });
    expect(await within(dialog).findByRole("textbox", { name: "Link" })).toHaveValue(
      `${window.location.origin}/chatDetail/s1`,
    );
    expect(stub.calls.find((call) => call.path === "shareMessages")?.body).toEqual({
      msggroup: MSGGROUP,
      messages: ["q0", "a0", "q1", "a1", "q2", "a2"],
    });
    // WeChat has no share page: its button shows the link's QR code to scan
    await user.click(within(dialog).getByRole("button", { name: "Share on WeChat" }));
    expect(within(dialog).getByRole("img", { name: "QR code of the link" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/chatDetail/s1`);
    await user.click(within(dialog).getByRole("button", { name: "Share on X" }));
    expect(open).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/twitter\.com\/intent\/tweet\?text=Question\+0&url=/),
      "_blank",
      "noopener,noreferrer",
    );
    expect(within(dialog).queryByRole("button", { name: "Share to a Telegram chat" })).not.toBeInTheDocument();
  });

  it("deletes selected messages after confirmation", async () => {
    const stub = api(pairs(2), (call) => (call.path === "delMessages" ? { data: { deleted: 1 } } : undefined));
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    const answers = await screen.findAllByRole("article", { name: "Answer" });
    await user.click(within(answers[1] as HTMLElement).getByRole("button", { name: "Delete" }));
    const bar = screen.getByRole("region", { name: "Delete messages" });
    expect(bar).toHaveTextContent("1 selected");
    await user.click(within(bar).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete messages?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByText("Answer 1")).not.toBeInTheDocument());
    expect(stub.calls.find((call) => call.path === "delMessages")?.body).toEqual({ code: ["a1"] });
    expect(screen.getByText("Answer 0")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Question" })).toBeInTheDocument();
  });
});

describe("chat view in Telegram", () => {
  let mock: TelegramMock | undefined;
  let host: TelegramHost | undefined;
  afterEach(() => {
    host?.dispose();
    mock?.uninstall();
    host = undefined;
    mock = undefined;
    sessionStorage.clear();
  });

  it("taps on send, rate, copy and share, and says success or failure where there is one", async () => {
    mock = installTelegramMock();
    host = createTelegramHost();
    const telegram = mock;
    const haptics = () => telegram.callsOf("web_app_trigger_haptic_feedback");
    const stub = api(pairs(1), (call) => {
      if (call.path === "userRate") return { code: 1001, data: { key: "Serverbusy" } };
      if (call.path === "shareMessages") {
        return { data: { code: "s1", url: "/chatDetail/s1", qrcode: "", summary_str: "Question 0" } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />, host);
    const answer = await screen.findByRole("article", { name: "Answer" });
    expect(haptics()).toEqual([]);

    await user.click(within(answer).getByRole("button", { name: "Good answer" }));
    await waitFor(() =>
      expect(haptics()).toEqual([
        { type: "impact", impact_style: "light" },
        { type: "notification", notification_type: "error" },
      ]),
    );

    await user.click(within(answer).getByRole("button", { name: "Copy" }));
    await waitFor(() => expect(haptics().at(-1)).toEqual({ type: "notification", notification_type: "success" }));

    await user.click(within(answer).getByRole("button", { name: "Share" }));
    await user.click(
      within(screen.getByRole("region", { name: "Share messages" })).getByRole("button", { name: "Share" }),
    );
    expect(haptics().at(-1)).toEqual({ type: "impact", impact_style: "medium" });
    await screen.findByRole("dialog", { name: "Share messages" });
    await user.click(
      within(screen.getByRole("dialog", { name: "Share messages" })).getByRole("button", { name: "Close" }),
    );

    const before = haptics().length;
    await ask(user, "ETH price?");
    await stub.nextStream();
    expect(haptics().slice(before)).toEqual([{ type: "impact", impact_style: "light" }]);
  });
});
