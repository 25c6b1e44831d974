import { afterAll, describe, expect, it } from "vitest";
import { createUploadPool, UploadTimeoutError } from "./upload-pool.ts";

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const limits = { maxChars: 1000, maxPages: 10, timeoutMs: 10_000 };

/** A one-page PDF with a line of text. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
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
  return Buffer.from(out, "latin1");
}

describe("upload pool", () => {
  const pool = createUploadPool({ maxThreads: 1, timeoutMs: 30_000 });
  afterAll(() => pool.close());

  it("reads a PDF's text in a worker thread", async () => {
    const body = json({
      name: "a.pdf",
      type: "application/pdf",
      base64content: onePagePdf("Halving").toString("base64"),
    });
    const result = await pool.readPdf(body, limits);
    expect(result.ok && { name: result.value.name, text: result.value.text, pages: result.value.pages }).toEqual({
      name: "a.pdf",
      text: "Halving",
      pages: 1,
    });
    expect(result.ok && Buffer.from(result.value.bytes).equals(onePagePdf("Halving"))).toBe(true);
  });

  it("refuses a file that only starts like a PDF with pdfTips", async () => {
    const garbage = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 7)]);
    const result = await pool.readPdf(
      json({ name: "x.pdf", type: "application/pdf", base64content: garbage.toString("base64") }),
      limits,
    );
    expect(result).toMatchObject({ ok: false, refusal: { key: "pdfTips", issues: [{ field: "base64content" }] } });
  });

  it("refuses a body nested too deeply, and a schema error with the field named", async () => {
    const deep = new TextEncoder().encode(`{"name":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    expect(await pool.readPdf(deep, limits)).toMatchObject({ ok: false, refusal: { key: "malformedBody" } });
    expect(await pool.readImages(json({ image_list: [] }))).toMatchObject({
      ok: false,
      refusal: { key: "required", issues: [{ field: "image_list", key: "required" }] },
    });
  });

  it("decodes images and checks their bytes", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const result = await pool.readImages(
      json({ image_list: [{ type: "png", base64content: png.toString("base64") }] }),
    );
    expect(
      result.ok && result.value.map((image) => [image.mime, image.name, Buffer.from(image.bytes).equals(png)]),
    ).toEqual([["image/png", "image", true]]);
  });

  it("stops an upload that runs over its time limit", async () => {
    const hurried = createUploadPool({ maxThreads: 1, timeoutMs: 1 });
    try {
      const body = json({ name: "a.pdf", type: "application/pdf", base64content: onePagePdf("x").toString("base64") });
      await expect(hurried.readPdf(body, limits)).rejects.toBeInstanceOf(UploadTimeoutError);
    } finally {
      await hurried.close();
    }
  });
});
