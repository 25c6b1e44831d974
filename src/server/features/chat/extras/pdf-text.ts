/**
 * Text of a PDF, read with unpdf (PDF.js built for servers), loaded on first use so the server starts without it.
 * Pages are read in order until `maxChars` or `maxPages`; a scanned PDF without a text layer gives empty text, not
 * an error. This is CPU work: the server runs it in its upload workers (upload-pool.ts), never on the main thread.
 */

export interface PdfText {
  pages: number;
  text: string;
  /** the text was cut at maxChars, or pages after maxPages were not read */
  truncated: boolean;
}

/** The file is not a PDF that can be read (damaged, encrypted, or it took too long). */
export class PdfUnreadableError extends Error {
  override name = "PdfUnreadableError";
}

export interface PdfTextOptions {
  maxChars: number;
  /** pages read at most; the text of later pages is left out */
  maxPages: number;
  timeoutMs: number;
}

function tidy(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export async function extractPdfText(bytes: Uint8Array, options: PdfTextOptions): Promise<PdfText> {
  const { getDocumentProxy } = await import("unpdf");
  let timer: NodeJS.Timeout | undefined;
  // PDF.js takes ownership of the buffer it is given: hand it a copy
  const loading = getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  const work = (async () => {
    const pdf = await loading;
    try {
      const parts: string[] = [];
      let chars = 0;
      let truncated = pdf.numPages > options.maxPages;
      for (let number = 1; number <= Math.min(pdf.numPages, options.maxPages); number += 1) {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        let pageText = "";
        for (const item of content.items) {
          if ("str" in item) pageText += item.str + (item.hasEOL ? "\n" : "");
        }
        page.cleanup();
        const tidied = tidy(pageText);
        if (!tidied) continue;
        const room = options.maxChars - chars - (parts.length > 0 ? 2 : 0);
        if (tidied.length > room) {
          if (room > 0) parts.push(tidied.slice(0, room));
          truncated = true;
          break;
        }
        parts.push(tidied);
        chars += tidied.length + (parts.length > 1 ? 2 : 0);
      }
      return { pages: pdf.numPages, text: parts.join("\n\n"), truncated };
    } finally {
      await pdf.destroy();
    }
  })();
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PdfUnreadableError("reading the PDF took too long")), options.timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (error instanceof PdfUnreadableError) {
      void loading.then((pdf) => pdf.destroy()).catch(() => undefined);
      throw error;
    }
    throw new PdfUnreadableError(error instanceof Error ? error.message : String(error), { cause: error });
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}
