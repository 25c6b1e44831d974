import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UserInfoData } from "../../../contract/user.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../shared/session/session.ts";
import { userIdAtom } from "../../shared/settings/settings.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../shared/testing/stub-api.ts";
import { type PurchaseTab, type UnlockAsk, useUnlockFlow } from "./use-unlock-flow.tsx";

function userInfo(over: Partial<UserInfoData> = {}): UserInfoData {
  return {
    card: "0",
    queryTimes: { today: { remain: 0, total: 22 }, exchange: { remain: 4, total: 5 }, isUnlimited: false },
    dataAnalysisTimes: { remain: 0, total: 1, isUnlimited: false },
    allowance_num: 0,
    expiredTime: null,
    expiredDays: 0,
    timeAlert: false,
    edition: "PLUSEdition",
    ...over,
  };
}

const pointsInfo = (points: number) => ({
  userName: "ana",
  userId: "7",
  imageUrl: null,
  points,
  invitationCode: "ABC123",
  chargePointsLists: [],
  buyProductLists: [],
});

/** A fake server: user info, the balance, the unlock check, and the two unlock calls as each test sets them. */
function server(
  options: {
    info?: UserInfoData;
    points?: number;
    unlocked?: boolean;
    exchange?: (call: RecordedCall) => StubReply;
    confirm?: (call: RecordedCall) => StubReply;
  } = {},
) {
  return stubApi((call) => {
    switch (call.path) {
      case "user/info":
        return { data: options.info ?? userInfo() };
      case "points/getUserPointsInfo":
        return { data: pointsInfo(options.points ?? 0) };
      case "points/unlock/check":
        return {
          data: {
            scenario: call.query.get("scenario"),
            unlocked: options.unlocked ?? false,
            unlimited: false,
            expiresAt: null,
          },
        };
      case "points/pointsExchange":
        return options.exchange?.(call) ?? { data: true };
      case "points/confirmExchange":
        return options.confirm?.(call) ?? { data: true };
      default:
        return { code: 1001, data: { key: "notFound" } };
    }
  });
}

function Harness({
  ask,
  onResult,
  openPurchase,
}: {
  ask: UnlockAsk;
  onResult: (ok: boolean) => void;
  openPurchase?: (tab: PurchaseTab) => void;
}) {
  const flow = useUnlockFlow({ openPurchase });
  return (
    <>
      <button type="button" onClick={() => void flow.request(ask).then(onResult)}>
        Use it
      </button>
      {flow.dialogs}
    </>
  );
}

const diagram: UnlockAsk = { scenario: "STRATEGY_DIAGRAM", msggroup: "17000000000007", msgid: "upload123" };

function renderFlow(ask: UnlockAsk, options: { signedIn?: boolean; openPurchase?: (tab: PurchaseTab) => void } = {}) {
  const user = userEvent.setup();
  const onResult = vi.fn<(ok: boolean) => void>();
  const result = renderWithProviders(<Harness ask={ask} onResult={onResult} openPurchase={options.openPurchase} />);
  act(() => {
    if (options.signedIn !== false) {
      result.store.set(userIdAtom, "7");
      result.store.set(loginStatusAtom, "loggedIn");
    } else result.store.set(loginStatusAtom, "loggedOut");
  });
  const start = () => user.click(screen.getByRole("button", { name: "Use it" }));
  return { ...result, user, onResult, start };
}

describe("unlock flow", () => {
  it("asks a visitor to sign in, for a strategy diagram as for a 24-hour feature", async () => {
    const api = server();
    const first = renderFlow(diagram, { signedIn: false });
    await first.start();
    expect(first.store.get(signInDialogOpenAtom)).toBe(true);
    expect(await screen.findByText("Please log in first.")).toBeInTheDocument();
    expect(first.onResult).toHaveBeenCalledWith(false);
    first.unmount();

    const forecast = renderFlow({ scenario: "PRICE_FORECAST" }, { signedIn: false });
    await forecast.start();
    expect(forecast.store.get(signInDialogOpenAtom)).toBe(true);
    expect(forecast.onResult).toHaveBeenCalledWith(false);
    expect(api.calls).toHaveLength(0);
  });

  it("state 1: a trial or VIP card goes straight through", async () => {
    const api = server({ info: userInfo({ card: "1", queryTimes: { ...userInfo().queryTimes, isUnlimited: true } }) });
    const { onResult, start } = renderFlow(diagram);
    await start();
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(["user/info"]);
  });

  it("goes through without a dialog when it is unlocked already", async () => {
    const api = server({ unlocked: true });
    const { onResult, start } = renderFlow({ scenario: "REPORT" });
    await start();
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(api.calls.find((call) => call.path === "points/unlock/check")?.query.get("scenario")).toBe("REPORT");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("state 2: the confirm-unlock dialog uses one of today's free unlocks", async () => {
    const api = server({ info: userInfo({ allowance_num: 1 }) });
    const { user, onResult, start } = renderFlow(diagram);
    await start();
    const dialog = within(await screen.findByRole("dialog", { name: "Confirm unlock" }));
    expect(dialog.getByText("Strategy diagram analysis")).toBeInTheDocument();
    expect(dialog.getByText("This uses your free unlock for today (1 left).")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Unlock" }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(api.calls.find((call) => call.path === "points/confirmExchange")?.body).toEqual({
      scenario: "STRATEGY_DIAGRAM",
      msggroup: "17000000000007",
      msgid: "upload123",
    });
    expect(await screen.findByText("Unlocked.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("state 3: the redeem dialog shows the price and the balance and pays with points", async () => {
    const api = server({ points: 5200 });
    const { user, onResult, start } = renderFlow(diagram);
    await start();
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem with points" }));
    expect(dialog.getByText("Strategy diagram analysis")).toBeInTheDocument();
    expect(dialog.getByText("4K points")).toBeInTheDocument();
    expect(await dialog.findByText("5.2K points")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Redeem" }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(api.calls.find((call) => call.path === "points/pointsExchange")?.body).toMatchObject({ msgid: "upload123" });
    expect(await screen.findByText("Unlocked.")).toBeInTheDocument();
  });

  it("20004 opens the no-points dialog, whose buttons lead to recharging points or buying a package", async () => {
    server({
      points: 1500,
      exchange: () => ({ code: 20004, data: { key: "insufficientPoints" } }),
    });
    const openPurchase = vi.fn<(tab: PurchaseTab) => void>();
    const { user, onResult, start } = renderFlow({ scenario: "PRICE_FORECAST" }, { openPurchase });
    await start();
    const redeem = within(await screen.findByRole("dialog", { name: "Redeem with points" }));
    expect(redeem.getByText("Forecast sharing for 24 hours")).toBeInTheDocument();
    expect(redeem.getByText("1K points")).toBeInTheDocument();
    await user.click(redeem.getByRole("button", { name: "Redeem" }));
    const none = within(await screen.findByRole("dialog", { name: "Not enough points" }));
    expect(await none.findByText("This costs 1K points; you have 1.5K.")).toBeInTheDocument();
    await user.click(none.getByRole("button", { name: "Recharge points" }));
    expect(openPurchase).toHaveBeenCalledWith("points");
    expect(onResult).toHaveBeenCalledWith(false);

    await start();
    await user.click(
      within(await screen.findByRole("dialog", { name: "Redeem with points" })).getByRole("button", { name: "Redeem" }),
    );
    await user.click(
      within(await screen.findByRole("dialog", { name: "Not enough points" })).getByRole("button", {
        name: "Purchase package",
      }),
    );
    expect(openPurchase).toHaveBeenLastCalledWith("package");
  });

  it("a chat: the redeem dialog says how many chats may still be redeemed today; success says Redeemed", async () => {
    const api = server({ points: 300 });
    const { user, onResult, start } = renderFlow({ scenario: "CHAT", msggroup: "17000000000007", msgid: "a-1" });
    await start();
    const dialog = within(await screen.findByRole("dialog", { name: "Redeem with points" }));
    expect(dialog.getByText("One more chat today")).toBeInTheDocument();
    expect(dialog.getByText("100 points")).toBeInTheDocument();
    expect(dialog.getByText("Chats you can still redeem today: 4 of 5.")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Redeem" }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(await screen.findByText("Redeemed.")).toBeInTheDocument();
    // a chat is never checked as an unlock, nor paid with the allowance
    expect(api.calls.map((call) => call.path)).not.toContain("points/unlock/check");
  });

  it("8002 (unlocked already) goes through; Cancel does not", async () => {
    server({ exchange: () => ({ code: 8002, data: { key: "cannotRedeemTwice" } }) });
    const { user, onResult, start } = renderFlow(diagram);
    await start();
    await user.click(
      within(await screen.findByRole("dialog", { name: "Redeem with points" })).getByRole("button", { name: "Redeem" }),
    );
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith(true));

    await start();
    await user.click(
      within(await screen.findByRole("dialog", { name: "Redeem with points" })).getByRole("button", { name: "Cancel" }),
    );
    await vi.waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
