import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { LedgerEntryData, SignInfoData } from "../../../../contract/points.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeEntry, fakePointsServer, fakeSignInfo } from "../testing/points-fixtures.ts";
import { CheckInCard } from "./CheckInCard.tsx";
import { PointsBalance } from "./PointsBalance.tsx";
import { PointsHistory } from "./PointsHistory.tsx";

function renderPoints(start: { points: number; signInfo: SignInfoData; ledger: LedgerEntryData[] }) {
  const api = stubApi(fakePointsServer(start));
  const user = userEvent.setup();
  const { store } = renderWithProviders(
    <>
      <PointsBalance />
      <CheckInCard />
      <PointsHistory page={1} pageSize={20} renderPager={(total) => <p>{`pager of ${total}`}</p>} />
    </>,
  );
  act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
  return { api, user };
}

const balance = () => within(screen.getByRole("region", { name: "My points" }));
const card = () => within(screen.getByRole("region", { name: "Daily check-in" }));
const history = () => within(screen.getByRole("region", { name: "Points history" }));

describe("points center", () => {
  it("checks in: the card says so, the balance rises and the entry heads the history", async () => {
    const { api, user } = renderPoints({
      points: 1_250,
      signInfo: fakeSignInfo({ streak: 2, nextPoints: 20 }),
      ledger: [fakeEntry({ id: "a", amount: 15 })],
    });
    expect(await balance().findByText("1.25K")).toBeInTheDocument();
    expect(await card().findByText("2 days in a row")).toBeInTheDocument();
    expect(card().getByText("Check in now for +20 points")).toBeInTheDocument();

    await user.click(card().getByRole("button", { name: "Check in" }));

    expect(await card().findByRole("status")).toHaveTextContent("Checked in.");
    expect(await balance().findByText("1.27K")).toBeInTheDocument();
    expect(await card().findByText("3 days in a row")).toBeInTheDocument();
    expect(card().getByText("Checked in today: +20 points")).toBeInTheDocument();
    expect(card().getByText("+25 points if you keep the streak")).toBeInTheDocument();
    expect(card().getByRole("button", { name: "Checked in today" })).toBeDisabled();
    const entries = await history().findAllByRole("listitem");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent("Daily check-in");
    expect(entries[0]).toHaveTextContent("+20");
    expect(api.calls.filter((call) => call.path === "points/sign")).toHaveLength(1);
  });

  it("says alreadyCheckedIn when the check-in was already made elsewhere, and catches up", async () => {
    const server = fakePointsServer({
      points: 30,
      signInfo: fakeSignInfo({ checkedInToday: true, todayPoints: 15, streak: 2, nextPoints: 20 }),
      ledger: [],
    });
    // this page still shows today as open (it was loaded before the check-in in another tab)
    let stale = true;
    stubApi((call) => {
      if (call.path === "getUserSignInfo" && stale) {
        stale = false;
        return { data: fakeSignInfo({ checkedInToday: false, streak: 1, nextPoints: 15 }) };
      }
      return server(call);
    });
    const user = userEvent.setup();
    const { store } = renderWithProviders(<CheckInCard />);
    act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
    await user.click(await card().findByRole("button", { name: "Check in" }));
    expect(await card().findByRole("status")).toHaveTextContent(
      "You have already checked in today. Come back tomorrow.",
    );
    expect(await card().findByRole("button", { name: "Checked in today" })).toBeDisabled();
  });

  it("lists the history: reason in words, date, signed amount, and the pager for more than a page", async () => {
    const ledger = [
      fakeEntry({ id: "r", amount: -200, reason: "redeem", createTime: "2026-03-26T10:00:00.000Z" }),
      fakeEntry({ id: "i", amount: 1_500, reason: "invite" }),
      fakeEntry({ id: "x", amount: 5, reason: "somethingNew" }),
    ];
    stubApi((call) =>
      call.path === "getUserActList"
        ? { data: { list: ledger, total: 45 } }
        : { status: 404, code: 1001, data: { key: "notFound" } },
    );
    const { store } = renderWithProviders(
      <PointsHistory page={1} pageSize={20} renderPager={(total) => <p>{`pager of ${total}`}</p>} />,
    );
    act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
    const entries = await history().findAllByRole("listitem");
    expect(entries.map((entry) => entry.querySelector(".points-history__reason")?.textContent)).toEqual([
      "Redeemed",
      "Invitation reward",
      "Other",
    ]);
    expect(entries[0]).toHaveTextContent("\u2212200");
    expect(entries[0]?.querySelector("time")?.getAttribute("datetime")).toBe("2026-03-26T10:00:00.000Z");
    expect(entries[0]?.querySelector("time")?.textContent).toMatch(/2026/);
    expect(entries[1]).toHaveTextContent("+1.5K");
    expect(history().getByText("pager of 45")).toBeInTheDocument();
  });

  it("asks for the first check-in while the history is empty", async () => {
    renderPoints({ points: 0, signInfo: fakeSignInfo({ streak: 0, nextPoints: 10 }), ledger: [] });
    expect(await history().findByText("No points yet. Check in to earn your first.")).toBeInTheDocument();
    expect(await card().findByText("0 days in a row")).toBeInTheDocument();
  });
});
