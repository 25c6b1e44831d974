import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { FearGreedGauge, fearGreedBand } from "./FearGreedGauge.tsx";

describe("fear and greed gauge", () => {
  it("is an image named by its value and classification", () => {
    renderWithProviders(<FearGreedGauge value={62} classification="Greed" />);
    expect(screen.getByRole("img", { name: "Fear and greed index: 62, Greed" })).toBeInTheDocument();
  });

  it("names the extreme classifications in words", () => {
    renderWithProviders(<FearGreedGauge value={8} classification="Extreme Fear" />);
    expect(screen.getByRole("img", { name: "Fear and greed index: 8, Extreme fear" })).toBeInTheDocument();
  });

  it("draws the five bands", () => {
    renderWithProviders(<FearGreedGauge value={50} classification="Neutral" />);
    const bands = [...document.querySelectorAll("[data-band]")].map((path) => path.getAttribute("data-band"));
    expect(bands).toEqual(["Extreme Fear", "Fear", "Neutral", "Greed", "Extreme Greed"]);
  });

  it.each([
    [0, "Extreme Fear"],
    [24, "Extreme Fear"],
    [25, "Fear"],
    [46, "Fear"],
    [50, "Neutral"],
    [62, "Greed"],
    [76, "Extreme Greed"],
    [100, "Extreme Greed"],
    [140, "Extreme Greed"],
    [-5, "Extreme Fear"],
  ])("puts %i in the %s band", (value, band) => {
    expect(fearGreedBand(value)).toBe(band);
  });
});
