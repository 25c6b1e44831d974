/** Spec §9: the cloud's base font size and the radius words are laid out in. */
export const HOT_WORD_FONT = 14;
export const HOT_WORD_RADIUS = 100;

export interface PlacedWord<T> {
  word: T;
  /** centre of the word relative to the cloud's centre, px */
  x: number;
  y: number;
  fontSize: number;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A rough width: CJK characters are about one em wide, Latin about 0.58 em. */
function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += /[\u2e80-\u9fff\uff00-\uffef]/.test(char) ? 1 : 0.58;
  return ems * fontSize + 4;
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Places words heaviest first along an Archimedean spiral from the centre, each at the first spot where it
 * overlaps no placed word and stays inside the circle. Deterministic: the same words give the same cloud.
 * Sizes run from the base font (lightest) to twice it (heaviest). Words that find no spot are left out.
 */
export function layoutHotWords<T extends { text: string; weight: number }>(
  words: readonly T[],
  radius = HOT_WORD_RADIUS,
  baseFont = HOT_WORD_FONT,
): PlacedWord<T>[] {
  const sorted = [...words].sort((a, b) => b.weight - a.weight || a.text.localeCompare(b.text));
  const weights = sorted.map((word) => word.weight);
  const max = Math.max(...weights);
  const min = Math.min(...weights);
  const placed: { placed: PlacedWord<T>; box: Box }[] = [];
  for (const word of sorted) {
    const share = max === min ? 0.5 : (word.weight - min) / (max - min);
    const fontSize = Math.round(baseFont * (1 + share));
    const width = textWidth(word.text, fontSize);
    const height = fontSize * 1.25;
    for (let step = 0; step < 600; step += 1) {
      const angle = step * 0.35;
      const distance = 2.2 * angle;
      if (distance > radius) break;
      const x = distance * Math.cos(angle);
      const y = distance * Math.sin(angle) * 0.8;
      const box = { left: x - width / 2, right: x + width / 2, top: y - height / 2, bottom: y + height / 2 };
      const corners = [
        [box.left, box.top],
        [box.right, box.top],
        [box.left, box.bottom],
        [box.right, box.bottom],
      ] as const;
      const inside = corners.every(([cx, cy]) => Math.hypot(cx, cy) <= radius);
      if (inside && !placed.some((other) => overlaps(box, other.box))) {
        placed.push({ placed: { word, x: Math.round(x), y: Math.round(y), fontSize }, box });
        break;
      }
    }
  }
  return placed.map((entry) => entry.placed);
}
