import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { SpeechRecognitionEventLike, SpeechRecognitionLike } from "../hooks/speech.ts";
import { stubChatApi } from "../testing/chat-api-stub.ts";
import { ChatView } from "./ChatView.tsx";

const MSGGROUP = "1700000000000u1";

class FakeRecognition implements SpeechRecognitionLike {
  static instances: FakeRecognition[] = [];
  lang = "";
  continuous = false;
  interimResults = false;
  started = false;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.onend?.();
  }
  abort() {
    this.started = false;
  }
  say(text: string) {
    const result = Object.assign([{ transcript: text }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

function render() {
  const stub = stubChatApi(() => ({ data: {} }));
  const view = renderWithProviders(<ChatView msggroup={MSGGROUP} isNew />);
  return { stub, ...view };
}

describe("voice chat", () => {
  it("gives Basic edition users the PLUS tip instead of recording", async () => {
    localStorage.setItem("Edition", "BasicEdition");
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    FakeRecognition.instances = [];
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole("button", { name: "Voice input" }));
    expect(screen.getByText(/Voice chat is part of the PLUS edition/)).toBeInTheDocument();
    expect(FakeRecognition.instances).toHaveLength(0);
  });

  it("says so where the browser cannot recognise speech", async () => {
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole("button", { name: "Voice input" }));
    expect(await screen.findByText("This browser cannot record audio.")).toBeInTheDocument();
  });

  it("asks visitors to sign in first", async () => {
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    const user = userEvent.setup();
    const { store } = render();
    act(() => store.set(loginStatusAtom, "loggedOut"));
    await user.click(screen.getByRole("button", { name: "Voice input" }));
    expect(await screen.findByText("Please log in first.")).toBeInTheDocument();
  });

  it("records, sends about a second after recording stops, then listens again after the answer", async () => {
    vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
    FakeRecognition.instances = [];
    const user = userEvent.setup();
    const { stub, store } = render();
    act(() => store.set(loginStatusAtom, "loggedIn"));
    await user.click(screen.getByRole("button", { name: "Voice input" }));
    const panel = screen.getByRole("region", { name: "Voice chat" });
    expect(within(panel).getByRole("status")).toHaveTextContent("Listening…");
    const first = FakeRecognition.instances[0];
    if (!first) throw new Error("no recognition started");
    expect(first.lang).toBe("en-US");
    act(() => first.say("What is the BTC price?"));
    expect(panel).toHaveTextContent("What is the BTC price?");
    act(() => first.stop());
    expect(within(panel).getByRole("status")).toHaveTextContent("Sending…");
    const stream = await stub.nextStream();
    expect(stream.call.body).toMatchObject({ question: "What is the BTC price?" });
    stream.send("start", {
      msggroup: MSGGROUP,
      questionCode: "q1",
      code: "a1",
      model: 6,
      answeredBy: "MountainLion",
      remaining: null,
    });
    stream.send("text", { delta: "BTC is 60,000 USDT." });
    stream.send("done", { code: "a1", finishReason: "stop", related: [], citations: [] });
    stream.close();
    // no speech synthesis here: the reply is skipped and recording starts again
    await waitFor(() => expect(FakeRecognition.instances).toHaveLength(2));
    expect(FakeRecognition.instances[1]?.started).toBe(true);
    await user.click(within(panel).getByRole("button", { name: "End voice chat" }));
    expect(screen.queryByRole("region", { name: "Voice chat" })).not.toBeInTheDocument();
  });
});
