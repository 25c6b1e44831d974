import { afterAll, describe, expect, it } from "vitest";
import { damagedPdf, textPdf } from "./pdf-fixtures.ts";
import { createUploadPool, UploadTimeoutError } from "./upload-pool.ts";

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const limits = { maxChars: 1000, maxPages: 10, timeoutMs: 10_000 };

describe("upload pool", () => {
  const pool = createUploadPool({ maxThreads: 1, timeoutMs: 30_000 });
  afterAll(() => pool.close());

  it("reads a PDF's text in a worker thread", async () => {
    const body = json({
      name: "a.pdf",
      type: "application/pdf",
      base64content: textPdf(["Halving"]).toString("base64"),
    });
    const result = await pool.readPdf(body, limits);
    expect(result.ok && { name: result.value.name, text: result.value.text, pages: result.value.pages }).toEqual({
      name: "a.pdf",
      text: "Halving",
      pages: 1,
    });
    expect(result.ok && Buffer.from(result.value.bytes).equals(textPdf(["Halving"]))).toBe(true);
  });

  it("refuses a file that only starts like a PDF with pdfTips", async () => {
    const garbage = damagedPdf(Buffer.alloc(4096, 7));
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
      const body = json({ name: "a.pdf", type: "application/pdf", base64content: textPdf(["x"]).toString("base64") });
      await expect(hurried.readPdf(body, limits)).rejects.toBeInstanceOf(UploadTimeoutError);
    } finally {
      await hurried.close();
    }
  });
});
