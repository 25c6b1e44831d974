import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AddAlarmBody } from "../../../../contract/alarms.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeAlarm, fakeAlarmList, replaySource } from "../testing/alarm-fixtures.ts";
import { SetAlarmButton } from "./SetAlarmButton.tsx";

const eth = {
  coinAbbr: "ETH",
  coinName: "Ethereum",
  icon: "/v2/api/coin/image/ETH.svg",
  price: 2985.1,
  source: replaySource,
};

/** The alarm routes: add answers `added` (or the refusal), the list answers what was added. */
function alarmServer(answerAdd: (body: AddAlarmBody) => StubReply) {
  return (call: RecordedCall): StubReply => {
    if (call.path === "priceAlarm/add") return answerAdd(call.body as AddAlarmBody);
    if (call.path === "priceAlarm/list") return { data: fakeAlarmList([]) };
    throw new Error(`unexpected call ${call.path}`);
  };
}

function renderEntry(status: "loggedIn" | "loggedOut" = "loggedIn") {
  const user = userEvent.setup();
  const result = renderWithProviders(<SetAlarmButton coin={eth} />);
  act(() => {
    if (status === "loggedIn") result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, status);
  });
  return { ...result, user };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Set a price alarm for ETH" }));
  return within(await screen.findByRole("dialog", { name: "Price alarm for ETH" }));
}

/** What a control's aria-describedby says: its error, then its hint. */
function describedText(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

const adds = (calls: RecordedCall[]) => calls.filter((call) => call.path === "priceAlarm/add");

describe("set-alarm dialog", () => {
  it("sets a price alarm: the price now with its source, the direction from the target, then a toast", async () => {
    const api = stubApi(alarmServer((body) => ({ data: fakeAlarm({ price: Number(body.price) }) })));
    const { user } = renderEntry();
    const dialog = await openDialog(user);
    expect(dialog.getByText("Current price of ETH: 2,985.1 USDT")).toBeInTheDocument();
    expect(dialog.getByText(/^Source: Binance \(replay\), market time Mar 2, 2026/)).toBeInTheDocument();
    expect(dialog.getByRole("radio", { name: "Price" })).toBeChecked();

    const target = dialog.getByRole("textbox", { name: "Target price (USDT)" });
    await user.type(target, "2,900");
    expect(dialog.getByRole("radio", { name: "Falls to the target" })).toBeChecked();
    await user.clear(target);
    await user.type(target, "3,100");
    expect(dialog.getByRole("radio", { name: "Rises to the target" })).toBeChecked();

    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(await screen.findByText("Alarm set: ETH rises to 3,100")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Price alarm for ETH" })).toBeNull();
    expect(adds(api.calls).map((call) => call.body)).toEqual([
      { coinAbbr: "ETH", kind: "price", price: 3100, direction: "above" },
    ]);
  });

  it("sets a percent move, showing the target it computes", async () => {
    const api = stubApi(
      alarmServer(() => ({ data: fakeAlarm({ kind: "percent", percent: -5, price: 2835.845, direction: "below" }) })),
    );
    const { user } = renderEntry();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole("radio", { name: "Percent move" }));
    await user.type(dialog.getByRole("textbox", { name: "Move from the current price (%)" }), "-5");
    expect(dialog.getByText("Alarm when ETH falls to 2,835.845 USDT (-5.00%).")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(await screen.findByText("Alarm set: ETH falls to 2,835.845")).toBeInTheDocument();
    expect(adds(api.calls).map((call) => call.body)).toEqual([{ coinAbbr: "ETH", kind: "percent", percent: -5 }]);
  });

  it("says what is wrong at the field before asking the server: empty, not a number, too far, already crossed", async () => {
    const api = stubApi(alarmServer(() => ({ data: fakeAlarm() })));
    const { user } = renderEntry();
    const dialog = await openDialog(user);
    const target = dialog.getByRole("textbox", { name: "Target price (USDT)" });
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(target)).toBe("This field is required.");
    expect(target).toHaveFocus();

    await user.type(target, "abc");
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(target)).toBe("This value is not valid.");

    await user.clear(target);
    await user.type(target, "400000");
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(target)).toBe(
      "This price is too far from the current price (more than 100 times either way).",
    );

    // a target above the price cannot fire on a fall: the direction chosen by hand is refused
    await user.clear(target);
    await user.type(target, "3100");
    await user.click(dialog.getByRole("radio", { name: "Falls to the target" }));
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(dialog.getByRole("radiogroup", { name: "Alarm when ETH" }))).toBe(
      "The price is already past this target. Choose the other direction or another price.",
    );

    await user.click(dialog.getByRole("radio", { name: "Percent move" }));
    const move = dialog.getByRole("textbox", { name: "Move from the current price (%)" });
    await user.type(move, "0.01");
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(move)).toBe(
      "The move must be at least 0.1%, a fall of at most 99% or a rise of at most 10,000%. A rise as 5, a fall as -5.",
    );
    expect(adds(api.calls)).toHaveLength(0);
  });

  it("shows the server's refusal by its key at the field it names, or for the whole form", async () => {
    let refusal: StubReply = {
      code: 1001,
      data: { key: "alarmAlreadyCrossed", field: "price", issues: [{ field: "price", key: "alarmAlreadyCrossed" }] },
    };
    stubApi(alarmServer(() => refusal));
    const { user } = renderEntry();
    const dialog = await openDialog(user);
    const target = dialog.getByRole("textbox", { name: "Target price (USDT)" });
    await user.type(target, "3100");
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(describedText(target)).toBe(
      "The price is already past this target. Choose the other direction or another price.",
    );
    expect(target).toHaveFocus();

    refusal = { code: 1001, data: { key: "alarmLimitReached" } };
    await user.click(dialog.getByRole("button", { name: "Set alarm" }));
    expect(dialog.getByRole("alert")).toHaveTextContent(
      "You have the most armed alarms allowed (20). Delete one first.",
    );
    expect(screen.getByRole("dialog", { name: "Price alarm for ETH" })).toBeInTheDocument();
  });

  it("asks a visitor to sign in first and opens nothing behind the sign-in", async () => {
    const api = stubApi(alarmServer(() => ({ data: fakeAlarm() })));
    const { user, store } = renderEntry("loggedOut");
    await user.click(screen.getByRole("button", { name: "Set a price alarm for ETH" }));
    expect(await screen.findByText("Please log in first.")).toBeInTheDocument();
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(screen.queryByRole("dialog", { name: "Price alarm for ETH" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
