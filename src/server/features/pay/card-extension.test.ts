import { describe, expect, it } from "vitest";
import { extendCard, revokeCard } from "./card-extension.ts";

const DAY_MS = 86_400_000;
const now = new Date("2030-05-01T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

describe("extendCard", () => {
  it("starts a package from now when no card runs", () => {
    expect(extendCard({ card: "0", cardExpiresAt: null }, { card: "3", days: 30 }, now)).toEqual({
      card: "3",
      cardExpiresAt: inDays(30),
    });
  });

  it("starts from now when the last card has ended, whatever it was", () => {
    expect(extendCard({ card: "5", cardExpiresAt: inDays(-2) }, { card: "3", days: 30 }, now)).toEqual({
      card: "3",
      cardExpiresAt: inDays(30),
    });
    expect(extendCard({ card: "3", cardExpiresAt: now }, { card: "3", days: 30 }, now).cardExpiresAt).toEqual(
      inDays(30),
    );
  });

  it("adds the days to the end of the same card", () => {
    expect(extendCard({ card: "3", cardExpiresAt: inDays(10) }, { card: "3", days: 30 }, now)).toEqual({
      card: "3",
      cardExpiresAt: inDays(40),
    });
  });

  it("raises a lower running card and keeps its days left", () => {
    expect(extendCard({ card: "1", cardExpiresAt: inDays(7) }, { card: "3", days: 30 }, now)).toEqual({
      card: "3",
      cardExpiresAt: inDays(37),
    });
    expect(extendCard({ card: "3", cardExpiresAt: inDays(5) }, { card: "5", days: 365 }, now)).toEqual({
      card: "5",
      cardExpiresAt: inDays(370),
    });
  });

  it("keeps a higher running card and moves its end out by the lower package's days", () => {
    expect(extendCard({ card: "5", cardExpiresAt: inDays(100) }, { card: "3", days: 30 }, now)).toEqual({
      card: "5",
      cardExpiresAt: inDays(130),
    });
    expect(extendCard({ card: "4", cardExpiresAt: inDays(1) }, { card: "1", days: 3 }, now)).toEqual({
      card: "4",
      cardExpiresAt: inDays(4),
    });
  });

  it("treats an unknown card value as standard", () => {
    expect(extendCard({ card: "9", cardExpiresAt: inDays(50) }, { card: "1", days: 1 }, now)).toEqual({
      card: "1",
      cardExpiresAt: inDays(1),
    });
  });
});

describe("revokeCard", () => {
  it("takes the package's days off the card's end", () => {
    expect(revokeCard({ card: "3", cardExpiresAt: inDays(40) }, { days: 30 }, now)).toEqual({
      card: "3",
      cardExpiresAt: inDays(10),
    });
  });

  it("ends the card when fewer days are left than the package gave", () => {
    expect(revokeCard({ card: "3", cardExpiresAt: inDays(20) }, { days: 30 }, now)).toEqual({
      card: "0",
      cardExpiresAt: null,
    });
  });

  it("leaves an ended card alone", () => {
    const ended = { card: "3", cardExpiresAt: inDays(-1) };
    expect(revokeCard(ended, { days: 30 }, now)).toBe(ended);
  });

  it("undoes a purchase on top of nothing", () => {
    const bought = extendCard({ card: "0", cardExpiresAt: null }, { card: "4", days: 90 }, now);
    expect(revokeCard(bought, { days: 90 }, now)).toEqual({ card: "0", cardExpiresAt: null });
  });
});
