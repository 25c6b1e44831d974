import { i18n } from "@lingui/core";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../../../shared/i18n/i18n.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { storedMessage, stubChatApi } from "../testing/chat-api-stub.ts";
import { ChatView } from "./ChatView.tsx";

const MSGGROUP = "1700000000000u1";

/** A chat whose last answer was cut off when the server writing it went down. */
function interruptedChat() {
  return stubChatApi((call) => {
    if (call.path === "getMessageList") {
      return {
        data: {
          list: [
            storedMessage({ code: "q1", role: "user", content: "BTC trend?" }),
            storedMessage({ code: "a1", role: "assistant", content: "BTC rose 3% this", status: "interrupted" }),
          ],
        },
      };
    }
    if (call.path === "getMsgGroupList") return { data: { list: [], total: 0 } };
    return { data: {} };
  });
}

describe("an interrupted answer", () => {
  afterEach(() => {
    act(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
  });

  it("keeps its text, says it was interrupted and offers to ask again", async () => {
    const stub = interruptedChat();
    const user = userEvent.setup();
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    const answer = await screen.findByRole("article", { name: "Answer" });
    expect(await within(answer).findByText("BTC rose 3% this")).toBeInTheDocument();
    expect(within(answer).getByText("Answer interrupted")).toBeInTheDocument();
    expect(answer).toHaveAttribute("aria-busy", "false");

    await user.click(within(answer).getByRole("button", { name: "Ask again" }));
    expect((await stub.nextStream()).call.body).toMatchObject({ question: "BTC trend?" });
  });

  it("says so in Chinese", async () => {
    interruptedChat();
    await act(() => activateLocale("zh"));
    renderWithProviders(<ChatView msggroup={MSGGROUP} isNew={false} />);
    expect(await screen.findByText("回答已中断")).toBeInTheDocument();
  });
});
