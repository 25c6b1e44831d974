import { INTERVAL_MS } from "./interval.ts";
import type { Bar, BarInterval } from "./types.ts";

/** Test helpers: a seeded PRNG and a simulated random walk, so tests are reproducible. */

/** mulberry32: a small seeded PRNG with a uniform output in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A geometric random walk of `n` bars with log-return standard deviation `sigma`, from 2025-01-01. */
export function randomWalk(n: number, sigma: number, seed: number, interval: BarInterval = "1d"): Bar[] {
  const random = seededRandom(seed);
  const bars: Bar[] = [];
  let log = Math.log(100);
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < n; i += 1) {
    // Box-Muller: a standard normal from two uniforms
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    if (i > 0) log += sigma * normal;
    bars.push({ time: start + i * INTERVAL_MS[interval], close: Math.exp(log) });
  }
  return bars;
}
