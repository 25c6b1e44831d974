import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { FearGreedGauge } from "./FearGreedGauge.tsx";

function bands() {
  return [...document.querySelectorAll("[data-band]")].map((path) => path.getAttribute("data-band"));
}

function currentBand() {
  return document.querySelector("[data-current]")?.getAttribute("data-band");
}

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
    expect(bands()).toEqual(["Extreme Fear", "Fear", "Neutral", "Greed", "Extreme Greed"]);
  });

  // the server's bands (0-24, 25-44, 45-55, 56-75, 76-100): the needle's band is the one the server names
  it.each([
    [0, "Extreme Fear"],
    [24, "Extreme Fear"],
    [25, "Fear"],
    [44, "Fear"],
    [45, "Neutral"],
    [55, "Neutral"],
    [56, "Greed"],
    [75, "Greed"],
    [76, "Extreme Greed"],
    [100, "Extreme Greed"],
  ] as const)("at %i points into the %s band", (value, band) => {
    renderWithProviders(<FearGreedGauge value={value} classification={band} />);
    expect(currentBand()).toBe(band);
    expect(document.querySelectorAll("[data-current]")).toHaveLength(1);
  });

  it("keeps a value outside 0-100 on the scale's end", () => {
    renderWithProviders(<FearGreedGauge value={140} classification="Extreme Greed" />);
    expect(currentBand()).toBe("Extreme Greed");
  });
});
