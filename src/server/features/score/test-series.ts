import type { DailyBar } from "./score-figures.ts";
import { DAY_MS } from "./score-weights.ts";

/** For tests: daily candles opening at `start`, one a day, at the given closes, each with `volume` of the coin. */
export function dailyBars(closes: readonly number[], start: number, volume = 1_000): DailyBar[] {
  return closes.map((close, i) => ({ openTime: start + i * DAY_MS, close, volume }));
}

/** For tests: `days` closes from 100 growing by `dailyReturn` a day (a steady trend; 0 for a flat line). */
export function steady(days: number, dailyReturn: number): number[] {
  return Array.from({ length: days }, (_, i) => 100 * (1 + dailyReturn) ** i);
}

/** For tests: a reproducible random walk (mulberry32), `days` closes from 100 with daily moves up to ±`step`. */
export function randomWalk(seed: number, days: number, step = 0.05): number[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const closes: number[] = [];
  let price = 100;
  for (let i = 0; i < days; i++) {
    closes.push(price);
    price *= 1 + (next() * 2 - 1) * step;
  }
  return closes;
}
