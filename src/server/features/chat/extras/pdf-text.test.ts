import { describe, expect, it } from "vitest";
import { extractPdfText, PdfUnreadableError } from "./pdf-text.ts";

/** A small valid PDF with one line of Helvetica text per page. */
function makePdf(pages: string[]): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  pages.forEach((text, i) => {
    const stream = text ? `BT /F1 12 Tf 72 720 Td (${text}) Tj ET` : "";
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

const options = { maxChars: 200_000, maxPages: 100, timeoutMs: 10_000 };

describe("extractPdfText", () => {
  it("reads each page's text, pages apart by a blank line, and leaves the caller's bytes intact", async () => {
    const pdf = makePdf(["First page", "", "Third page"]);
    const copy = new Uint8Array(pdf);
    const result = await extractPdfText(pdf, options);
    expect(result).toEqual({ pages: 3, text: "First page\n\nThird page", truncated: false });
    expect(pdf).toEqual(copy);
  });

  it("cuts the text at maxChars", async () => {
    const result = await extractPdfText(makePdf(["abcdefghij", "klmnopqrst"]), { ...options, maxChars: 15 });
    expect(result).toEqual({ pages: 2, text: "abcdefghij\n\nklm", truncated: true });
  });

  it("reads at most maxPages pages, and says the text is cut", async () => {
    const result = await extractPdfText(makePdf(["one", "two", "three"]), { ...options, maxPages: 2 });
    expect(result).toEqual({ pages: 3, text: "one\n\ntwo", truncated: true });
  });

  it("gives empty text for a PDF without a text layer", async () => {
    expect(await extractPdfText(makePdf([""]), options)).toEqual({ pages: 1, text: "", truncated: false });
  });

  it("refuses a damaged file", async () => {
    await expect(extractPdfText(Buffer.from("%PDF-1.4\nnot really"), options)).rejects.toBeInstanceOf(
      PdfUnreadableError,
    );
  });
});
