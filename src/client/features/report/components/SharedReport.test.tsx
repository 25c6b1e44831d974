import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { reportFixture } from "../testing/report-fixture.ts";
import { SharedReport } from "./SharedReport.tsx";

const CODE = "Ab3dEf6hIj9kLm2n";

describe("shared report page", () => {
  it("shows the stored report's sections and tables, its sources and a link to its PDF", async () => {
    const api = stubApi(() => ({
      data: { code: CODE, pdfUrl: `/v2/api/report/pdf/${CODE}`, report: reportFixture },
    }));
    renderWithProviders(<SharedReport code={CODE} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Altcoin (ALT) research report" })).toBeInTheDocument();
    expect(api.calls[0]?.path).toBe(`report/share/${CODE}`);
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", `/v2/api/report/pdf/${CODE}`);
    const sources = screen.getByRole("list", { name: "Sources" });
    expect(within(sources).getByText(/Market: Binance \(replay\)/)).toBeInTheDocument();
    expect(screen.getByText(/replay of past market data/)).toBeInTheDocument();

    for (const name of [
      "Overview",
      "Price action",
      "Volatility and drawdown",
      "Correlation with BTC",
      "News",
      "Forecast",
      "Risks",
    ]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    const overview = screen.getByRole("table", { name: "Overview" });
    expect(within(overview).getByRole("row", { name: /Market cap \(USDT\) 1.24B/ })).toBeInTheDocument();
    const volatility = screen.getByRole("table", { name: "Volatility and drawdown" });
    expect(
      within(volatility).getByRole("row", { name: /30-day volatility \(annualised\) 85.04%/ }),
    ).toBeInTheDocument();
    expect(within(volatility).getByRole("row", { name: /Largest fall within 90 days -53.26%/ })).toBeInTheDocument();
    const record = screen.getByRole("table", { name: "Forecast record" });
    expect(within(record).getByRole("row", { name: /MAE ratio\) 1.20 0.98/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ALT network upgrade goes live" })).toHaveAttribute(
      "href",
      "https://example.com/alt-upgrade",
    );
    expect(screen.getByText(/thin trading, so large orders can move the price/)).toBeInTheDocument();
  });

  it("says plainly when the code names no report", async () => {
    stubApi(() => ({ code: 1001, status: 404, data: { key: "notFound" } }));
    renderWithProviders(<SharedReport code="unknown" />);
    expect(await screen.findByText("This report does not exist or was removed.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Shared report" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Download PDF" })).not.toBeInTheDocument();
  });
});
