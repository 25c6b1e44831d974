import { plainText } from "./model/plain-text.ts";

export interface ShareImageMessage {
  role: "user" | "assistant";
  content: string;
}

export interface ShareImageOptions {
  heading: string;
  url: string;
  questionLabel: string;
  answerLabel: string;
}

const WIDTH = 1080;
const PAD = 56;
const BODY = 28;
const LINE = 40;
const MAX_HEIGHT = 12_000;

/** Breaks text into lines that fit: by words where there are spaces, by characters otherwise (Chinese). */
export function wrapText(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const token of paragraph.match(/\S+\s*|\s+/g) ?? [""]) {
      const candidate = line + token;
      if (fits(candidate.trimEnd())) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line.trimEnd());
      line = "";
      for (const char of Array.from(token)) {
        if (!fits((line + char).trimEnd()) && line) {
          lines.push(line.trimEnd());
          line = "";
        }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/**
 * The shared messages as a PNG: a plain text layout on the app's dark colours, the link at the foot.
 * Rejects where the browser has no 2D canvas.
 */
export async function renderShareImage(
  messages: readonly ShareImageMessage[],
  options: ShareImageOptions,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No 2D canvas");
  const font = (size: number, weight = 400) =>
    `${weight} ${size}px system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif`;
  const width = WIDTH - PAD * 2;

  type Row = { text: string; size: number; weight: number; color: string; gapBefore: number };
  const rows: Row[] = [{ text: options.heading, size: 40, weight: 800, color: "#f2a93b", gapBefore: 0 }];
  const wrap = (text: string, size: number, weight: number) => {
    context.font = font(size, weight);
    return wrapText(text, (line) => context.measureText(line).width <= width);
  };
  for (const message of messages) {
    const label = message.role === "user" ? options.questionLabel : options.answerLabel;
    rows.push({ text: label, size: 24, weight: 700, color: "#a4acbb", gapBefore: 36 });
    const body = message.role === "user" ? message.content : plainText(message.content);
    for (const line of wrap(body, BODY, message.role === "user" ? 600 : 400)) {
      rows.push({
        text: line,
        size: BODY,
        weight: message.role === "user" ? 600 : 400,
        color: "#e9ecf2",
        gapBefore: 0,
      });
    }
  }
  const foot: Row[] = wrap(options.url, 22, 400).map((text, index) => ({
    text,
    size: 22,
    weight: 400,
    color: "#a4acbb",
    gapBefore: index === 0 ? 48 : 0,
  }));
  const heightOf = (list: readonly Row[]) => list.reduce((sum, row) => sum + row.gapBefore + LINE, 0);
  // a very long selection is cut with an ellipsis, the link always at the foot
  const room = MAX_HEIGHT - PAD * 2 - heightOf(foot);
  let used = 0;
  const shown: Row[] = [];
  for (const row of rows) {
    if (used + row.gapBefore + LINE > room) {
      shown.push({ text: "…", size: BODY, weight: 400, color: "#e9ecf2", gapBefore: 0 });
      break;
    }
    used += row.gapBefore + LINE;
    shown.push(row);
  }
  const all = [...shown, ...foot];
  canvas.width = WIDTH;
  canvas.height = PAD * 2 + heightOf(all);

  context.fillStyle = "#0e1116";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = "top";
  let y = PAD;
  for (const row of all) {
    y += row.gapBefore;
    context.font = font(row.size, row.weight);
    context.fillStyle = row.color;
    context.fillText(row.text, PAD, y);
    y += LINE;
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded"))), "image/png"),
  );
}

/** Saves a blob as a file through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
