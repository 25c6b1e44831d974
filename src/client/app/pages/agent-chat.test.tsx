import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { stubChatApi } from "../../features/chat/testing/chat-api-stub.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import AgentEntryPage from "./AgentEntryPage.tsx";
import ChatPage from "./ChatPage.tsx";

const MSGGROUP = "1700000000000u1";

function api() {
  return stubChatApi((call) => {
    if (call.path === "chat/recommend") return { data: { list: ["What is the BTC price?"] } };
    if (call.path === "getMsgGroupList") return { data: { list: [], total: 0 } };
    if (call.path === "getMessageList") return { data: { list: [] } };
    return { data: {} };
  });
}

function openChat(path: string) {
  const location = memoryLocation({ path, record: true });
  const view = renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/chat/:id">
        <ChatPage />
      </Route>
      <Route path="/aiCustomer/">
        <AgentEntryPage />
      </Route>
    </Router>,
  );
  act(() => view.store.set(loginStatusAtom, "loggedOut"));
  return { ...view, location };
}

describe("a chat with an agent", () => {
  it("opens with the agent's remarks and four questions; every question sent carries the agent's id", async () => {
    const stub = api();
    const user = userEvent.setup();
    openChat(`/chat/${MSGGROUP}?type=newChat&isAgents=Y&agent=1`);
    const opening = await screen.findByRole("article", { name: "Research report" });
    expect(opening).toHaveTextContent("I write research reports on tokens");
    const questions = screen.getByRole("list", { name: "Questions to ask" });
    expect(within(questions).getAllByRole("button")).toHaveLength(4);
    expect(screen.queryByRole("region", { name: "Recommended questions" })).toBeNull();

    await user.click(within(questions).getByRole("button", { name: "Write a research report on BTC" }));
    const first = await stub.nextStream();
    expect(first.call.body).toMatchObject({
      msggroup: MSGGROUP,
      question: "Write a research report on BTC",
      agentId: "1",
    });
    // the remarks stay as the chat's first message; the sample questions give way to the answers' own
    expect(screen.getByRole("article", { name: "Research report" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Questions to ask" })).toBeNull();
    first.send("start", {
      msggroup: MSGGROUP,
      questionCode: "q1",
      code: "a1",
      model: 6,
      answeredBy: "MountainLion",
      remaining: null,
    });
    first.send("done", { code: "a1", finishReason: "stop", related: [], citations: [] });
    first.close();
    await screen.findByRole("button", { name: "Send" });

    await user.type(screen.getByRole("textbox", { name: "Question" }), "And ETH?{Enter}");
    const second = await stub.nextStream();
    expect(second.call.body).toMatchObject({ question: "And ETH?", agentId: "1" });
  });

  it("is a plain chat for an agent that does not answer in the chat", async () => {
    const stub = api();
    const user = userEvent.setup();
    openChat(`/chat/${MSGGROUP}?type=newChat&isAgents=Y&agent=4`);
    expect(await screen.findByText("What would you like to know about crypto today?")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Questions to ask" })).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Question" }), "Hello{Enter}");
    const stream = await stub.nextStream();
    expect(stream.call.body).toMatchObject({ question: "Hello", agentId: "" });
  });

  it("/aiCustomer/ opens a new chat with customer service in its place", async () => {
    api();
    const { location } = openChat("/aiCustomer/");
    expect(await screen.findByRole("article", { name: "Customer service" })).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/chat\/\d{13}.*isAgents=Y&agent=14&isHelp=Y$/));
    // replaced, not pushed: back leaves for where the link was
    expect(location.history).toHaveLength(1);
  });
});
