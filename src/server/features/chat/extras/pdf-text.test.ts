import { describe, expect, it } from "vitest";
import { textPdf } from "./pdf-fixtures.ts";
import { extractPdfText, PdfUnreadableError } from "./pdf-text.ts";

/** The fixture PDF as a plain Uint8Array, the type the reader takes. */
const makePdf = (pages: string[]) => new Uint8Array(textPdf(pages));

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
