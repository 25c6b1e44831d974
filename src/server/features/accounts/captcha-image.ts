import type { RgbImage } from "../../png.ts";
import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphs } from "./captcha-font.ts";

export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
const MARGIN = 6;
/** in glyph dots: how far past a dot its ink reaches */
const STROKE_SPREAD = 0.12;

type Random = () => number;
type Rgb = readonly [number, number, number];

const between = (random: Random, low: number, high: number) => low + (high - low) * random();
const darkColour = (random: Random): Rgb => [
  Math.round(between(random, 10, 120)),
  Math.round(between(random, 10, 120)),
  Math.round(between(random, 10, 120)),
];

function canvas(width: number, height: number, random: Random) {
  const pixels = new Uint8Array(width * height * 3);
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= width || py >= height) return;
    const at = (py * width + px) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  // a light background drifting from one tint to another
  const from: Rgb = [between(random, 215, 250), between(random, 215, 250), between(random, 215, 250)];
  const to: Rgb = [between(random, 215, 250), between(random, 215, 250), between(random, 215, 250)];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = x / width;
      set(x, y, [
        Math.round(from[0] + (to[0] - from[0]) * t),
        Math.round(from[1] + (to[1] - from[1]) * t),
        Math.round(from[2] + (to[2] - from[2]) * t),
      ]);
    }
  }
  return { pixels, set };
}

/**
 * Draws the text as rotated, scaled, wave-bent bitmap glyphs at jittered places, crossed by lines and a curve
 * in the glyphs' own colours and sprinkled with dots, so segmenting and matching the glyphs is not trivial.
 */
export function renderCaptcha(text: string, random: Random = Math.random): RgbImage {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const { pixels, set } = canvas(width, height, random);

  // thin lines behind the text
  for (let i = 0; i < 2; i++) {
    line(set, random, [random() * width, random() * height], [random() * width, random() * height], darkColour(random));
  }

  const cell = (width - 2 * MARGIN) / text.length;
  const amplitude = between(random, 1, 2);
  const frequency = between(random, 0.06, 0.12);
  const phase = random() * Math.PI * 2;
  const colours: Rgb[] = [];
  [...text].forEach((char, index) => {
    const glyph = glyphs.get(char);
    if (!glyph) throw new Error(`no glyph for ${char}`);
    const colour = darkColour(random);
    colours.push(colour);
    const cx = MARGIN + cell * (index + 0.5) + between(random, -2, 2);
    const cy = height / 2 + between(random, -3, 3);
    const angle = between(random, -0.28, 0.28);
    const scaleX = between(random, 3, Math.min(3.8, (cell - 2) / GLYPH_WIDTH));
    const scaleY = between(random, 3.6, 4.2);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const reach = Math.ceil(Math.hypot(GLYPH_WIDTH * scaleX, GLYPH_HEIGHT * scaleY) / 2) + 4;
    for (let py = Math.floor(cy - reach); py <= cy + reach; py++) {
      for (let px = Math.floor(cx - reach); px <= cx + reach; px++) {
        const dx = px - cx;
        const dy = py - cy - amplitude * Math.sin(px * frequency + phase);
        const u = (cos * dx + sin * dy) / scaleX + GLYPH_WIDTH / 2;
        const v = (-sin * dx + cos * dy) / scaleY + GLYPH_HEIGHT / 2;
        if (inked(glyph, u, v)) set(px, py, colour);
      }
    }
  });

  // a curve through the text in one of the glyph colours, then a line over it
  const curveColour = colours[Math.floor(random() * colours.length)] ?? darkColour(random);
  const curveAmplitude = between(random, 4, 9);
  const curveFrequency = between(random, 0.03, 0.07);
  const curvePhase = random() * Math.PI * 2;
  const curveBase = height / 2 + between(random, -5, 5);
  for (let x = 0; x < width; x++) {
    const y = curveBase + curveAmplitude * Math.sin(x * curveFrequency + curvePhase);
    set(x, y, curveColour);
  }
  line(set, random, [0, random() * height], [width, random() * height], darkColour(random));
  // dots, light and dark
  for (let i = 0; i < 120; i++) {
    const colour: Rgb =
      random() < 0.5
        ? darkColour(random)
        : [between(random, 150, 255), between(random, 150, 255), between(random, 150, 255)];
    set(random() * width, random() * height, colour);
  }
  return { width, height, pixels };
}

/** Whether a glyph point is ink; a point near a dot's edge counts, so diagonals stay joined once rotated. */
function inked(glyph: readonly (readonly boolean[])[], u: number, v: number): boolean {
  for (const du of [-STROKE_SPREAD, STROKE_SPREAD]) {
    for (const dv of [-STROKE_SPREAD, STROKE_SPREAD]) {
      if (glyph[Math.floor(v + dv)]?.[Math.floor(u + du)]) return true;
    }
  }
  return false;
}

function line(
  set: (x: number, y: number, colour: Rgb) => void,
  random: Random,
  [x0, y0]: [number, number],
  [x1, y1]: [number, number],
  colour: Rgb,
) {
  const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
  const wobble = random() * 0.5;
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t + wobble * Math.sin(t * Math.PI * 4);
    set(x, y, colour);
  }
}
