import { expect, it } from "vitest";
import { chunks } from "./chunks.ts";

it("cuts a list into runs of at most the size, in order", () => {
  expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunks([1, 2], 5)).toEqual([[1, 2]]);
  expect(chunks([], 2)).toEqual([]);
});
