import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatGroups, chatMessages, chatUploads } from "../../src/server/db/schema.ts";
import { createChatRepository } from "../../src/server/features/chat/chat.repository.ts";
import { textPdf } from "../../src/server/features/chat/extras/pdf-fixtures.ts";
import { qrSvgDataUrl } from "../../src/server/features/chat/extras/share-qr.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

// Drawn by Chromium's canvas (2x2 pixels), so real files rather than headers alone.
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWJicPn//38Hw3+m/y6MDCAAAAAA///1zwL2AAAABklEQVQDAEiOBhE/g6pCAAAAAElFTkSuQmCC";
const JPEG =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAZEAEBAQEBAQAAAAAAAAAAAAACAQADEUH/xAAUAQEAAAAAAAAAAAAAAAAAAAAH/8QAGxEAAQQDAAAAAAAAAAAAAAAAAAECM3EDBLH/2gAMAwEAAhEDEQA/AKTmDz5kcyQDISTPJJPkmZmIdqZ9r0TcMbaQ/9k=";
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1").toString("base64");
const MAX_IMAGE_BYTES = 10_485_760;

/** A file that starts like a PNG, padded to `size` bytes. */
function pngOfSize(size: number): string {
  const bytes = Buffer.alloc(size);
  Buffer.from(PNG, "base64").copy(bytes);
  return bytes.toString("base64");
}

let db: TestDatabase;
let srv: TestServer;
let uploadDir: string;
let staticDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "ml-uploads-"));
  staticDir = await mkdtemp(path.join(tmpdir(), "ml-static-"));
  await writeFile(
    path.join(staticDir, "index.html"),
    '<!doctype html><html><head><title>MountainLion</title><meta property="og:title" content="default"></head><body></body></html>',
  );
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, UPLOAD_DIR: uploadDir, STATIC_DIR: staticDir });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await rm(uploadDir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

const database = () => srv.server.database.db;

async function uploadCount(): Promise<number> {
  const [row] = await database().select({ n: count() }).from(chatUploads);
  return row?.n ?? 0;
}

describe("POST /v2/api/imageListUpload", () => {
  it("stores a real PNG and JPEG and serves them back, publicly, by their unguessable paths", async () => {
    const deviceNo = newDeviceNo();
    const res = await call(srv.url, "/imageListUpload", {
      deviceNo,
      body: {
        image_list: [
          { type: "image/png", base64content: `data:image/png;base64,${PNG}`, name: "chart.png" },
          { type: "image/jpg", base64content: JPEG, name: "photo.jpg" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const files = res.json?.data.files_url as string[];
    expect(files).toHaveLength(2);
    for (const url of files) expect(url).toMatch(/^\/v2\/api\/chat\/upload\/[A-Za-z0-9_-]{24}$/);

    const expected = [
      { mime: "image/png", bytes: Buffer.from(PNG, "base64") },
      { mime: "image/jpeg", bytes: Buffer.from(JPEG, "base64") },
    ];
    for (const [i, url] of files.entries()) {
      // an <img> sends no device number or API key
      const served = await fetch(`${srv.url}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe(expected[i]?.mime);
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer())).toEqual(expected[i]?.bytes);
    }
    const rows = await database()
      .select()
      .from(chatUploads)
      .where(eq(chatUploads.owner, `v:${deviceNo}`));
    expect(rows.map((row) => [row.kind, row.name, row.mime]).sort()).toEqual([
      ["image", "chart.png", "image/png"],
      ["image", "photo.jpg", "image/jpeg"],
    ]);
  });

  it("answers 404 for an image id that does not exist", async () => {
    const res = await fetch(`${srv.url}/v2/api/chat/upload/AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(res.status).toBe(404);
  });

  it("refuses more than five images with imagesNumTip", async () => {
    const image = { type: "image/png", base64content: PNG, name: "a.png" };
    const res = await call(srv.url, "/imageListUpload", { body: { image_list: Array(6).fill(image) } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "imagesNumTip", field: "image_list" } });
  });

  it("refuses an image over 10485760 bytes, naming the file, and takes one of exactly that size", async () => {
    const before = await uploadCount();
    const res = await call(srv.url, "/imageListUpload", {
      body: {
        image_list: [
          { type: "image/png", base64content: PNG, name: "small.png" },
          { type: "image/png", base64content: pngOfSize(MAX_IMAGE_BYTES + 1), name: "huge scan.png" },
        ],
      },
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "payloadTooLarge", field: "image_list.1" } });
    expect(res.json?.msg).toContain('"huge scan.png"');
    // all or nothing: the small one was not kept either
    expect(await uploadCount()).toBe(before);

    const atLimit = await call(srv.url, "/imageListUpload", {
      body: { image_list: [{ type: "image/png", base64content: pngOfSize(MAX_IMAGE_BYTES), name: "big.png" }] },
    });
    expect(atLimit.json?.code).toBe(200);
  });

  it.each([
    ["a GIF", { type: "image/gif", base64content: GIF, name: "anim.gif" }],
    ["a GIF declared as PNG", { type: "image/png", base64content: GIF, name: "anim.png" }],
    ["a JPEG declared as PNG", { type: "image/png", base64content: JPEG, name: "photo.png" }],
    [
      "a PNG whose data URL says JPEG",
      { type: "image/png", base64content: `data:image/jpeg;base64,${PNG}`, name: "x.png" },
    ],
    ["text that is not base64", { type: "image/png", base64content: "not base64!", name: "broken.png" }],
  ])("refuses %s with imgTypeTip naming the file", async (_label, bad) => {
    const before = await uploadCount();
    const res = await call(srv.url, "/imageListUpload", {
      body: { image_list: [{ type: "image/png", base64content: PNG, name: "ok.png" }, bad] },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "imgTypeTip", field: "image_list.1" } });
    expect(res.json?.msg).toContain(JSON.stringify(bad.name));
    expect(await uploadCount()).toBe(before);
  });

  it("refuses an empty list", async () => {
    const res = await call(srv.url, "/imageListUpload", { body: { image_list: [] } });
    expect(res.json).toMatchObject({ code: 1001, data: { key: "required", field: "image_list" } });
  });
});

describe("POST /v2/api/pdfUpload", () => {
  it("extracts a PDF's text per page, keeps it for the model, and only for its owner", async () => {
    const deviceNo = newDeviceNo();
    const pdf = textPdf(["Bitcoin halving report", "ETH staking yields 3.2 percent"], { fontSize: 18 });
    const res = await call(srv.url, "/pdfUpload", {
      deviceNo,
      body: { name: "report.pdf", type: "application/pdf", base64content: pdf.toString("base64") },
    });
    expect(res.status).toBe(200);
    const data = res.json?.data as { fileId: string; name: string; size: number; pages: number; chars: number };
    expect(data).toMatchObject({ name: "report.pdf", size: pdf.length, pages: 2 });
    expect(data.fileId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // the text the chat gives the model, read the way the chat reads it: the owner's PDFs only
    const chats = createChatRepository(database());
    const [text] = await chats.pdfs(`v:${deviceNo}`, [data.fileId]);
    expect(text).toEqual({
      id: data.fileId,
      name: "report.pdf",
      text: "Bitcoin halving report\n\nETH staking yields 3.2 percent",
    });
    expect(data.chars).toBe(text?.text.length);
    expect(await chats.pdfs(`v:${newDeviceNo()}`, [data.fileId])).toEqual([]);
    expect(await chats.pdfs(`v:${deviceNo}`, ["AAAAAAAAAAAAAAAAAAAAAAAA"])).toEqual([]);
    // a PDF is never served as a file
    expect((await fetch(`${srv.url}/v2/api/chat/upload/${data.fileId}`)).status).toBe(404);
  });

  it.each([
    [
      "another MIME type",
      { type: "application/octet-stream", base64content: textPdf(["x"], { fontSize: 18 }).toString("base64") },
      "type",
    ],
    ["bytes that are not a PDF", { type: "application/pdf", base64content: Buffer.from("hello").toString("base64") }],
    ["a damaged PDF", { type: "application/pdf", base64content: Buffer.from("%PDF-1.4\nbroken").toString("base64") }],
    ["a PNG data URL", { type: "application/pdf", base64content: `data:image/png;base64,${PNG}` }],
  ])("refuses %s with pdfTips", async (_label, body, field = "base64content") => {
    const before = await uploadCount();
    const res = await call(srv.url, "/pdfUpload", { body: { name: "doc.pdf", ...body } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "pdfTips", field } });
    expect(res.json?.msg).toContain('"doc.pdf"');
    expect(await uploadCount()).toBe(before);
  });
});

describe("GET /v2/api/instruction/polish", () => {
  it("answers the revised text in the prompt's language", async () => {
    const en = await call(
      srv.url,
      `/instruction/polish?instruction=${encodeURIComponent("  btc price today ")}&language=en`,
    );
    expect(en.json).toEqual({ code: 200, msg: "success", data: "What is the price of BTC today?" });
    const cn = await call(srv.url, `/instruction/polish?instruction=${encodeURIComponent("分析一下 eth")}&language=cn`);
    expect(cn.json?.data).toBe("能帮我分析一下ETH吗？");
  });

  it("needs an instruction of at most 5000 characters", async () => {
    expect((await call(srv.url, "/instruction/polish?language=en")).json).toMatchObject({
      data: { key: "required", field: "instruction" },
    });
    const long = await call(srv.url, `/instruction/polish?instruction=${"a".repeat(5001)}`);
    expect(long.json).toMatchObject({ data: { key: "uploadLengthTip", field: "instruction" } });
  });
});

describe("GET /v2/api/chat/recommend and /getSwapAgentQuestion", () => {
  it("rotates recommended questions on each call, and repeats them for the same seed", async () => {
    const first = (await call(srv.url, "/chat/recommend?language=en&count=4")).json?.data.list as string[];
    const second = (await call(srv.url, "/chat/recommend?language=en&count=4")).json?.data.list as string[];
    expect(first).toHaveLength(4);
    expect(second).toHaveLength(4);
    expect(second).not.toEqual(first);
    for (const question of [...first, ...second]) expect(question).toMatch(/^[A-Z].*[?.]$/);

    const seeded = (await call(srv.url, "/chat/recommend?language=cn&count=3&seed=7")).json?.data.list as string[];
    expect((await call(srv.url, "/chat/recommend?language=cn&count=3&seed=7")).json?.data.list).toEqual(seeded);
    expect((await call(srv.url, "/chat/recommend?language=cn&count=3&seed=8")).json?.data.list).not.toEqual(seeded);
    for (const question of seeded) expect(question).toMatch(/\p{Script=Han}/u);
  });

  it("refuses a count outside 1..10", async () => {
    const res = await call(srv.url, "/chat/recommend?count=11");
    expect(res.json).toMatchObject({ code: 1001, data: { field: "count" } });
  });

  it("answers suggested swap questions in English and Chinese", async () => {
    const en = (await call(srv.url, "/getSwapAgentQuestion?language=en")).json?.data.content1 as string[];
    const cn = (await call(srv.url, "/getSwapAgentQuestion?language=cn")).json?.data.content1 as string[];
    expect(en.length).toBeGreaterThanOrEqual(4);
    expect(en.some((q) => /swap/i.test(q))).toBe(true);
    expect(cn).toHaveLength(en.length);
    expect(cn.every((q) => /\p{Script=Han}/u.test(q))).toBe(true);
  });
});

describe("sharing messages", () => {
  const owner = newDeviceNo();
  const msggroup = `${Date.now()}${owner.slice(0, 20)}`;
  const longQuestion = `<script>alert("x")</script> & $& "quotes" ${"why is BTC moving so much today ".repeat(6)}`;
  const codes = Array.from({ length: 8 }, (_, i) => `${msggroup}-m${i}`);

  beforeAll(async () => {
    await database()
      .insert(chatGroups)
      .values({ msggroup, owner: `v:${owner}`, content: longQuestion });
    for (const [i, code] of codes.entries()) {
      const question = i % 2 === 0;
      await database()
        .insert(chatMessages)
        .values({
          code,
          msggroup,
          role: question ? "user" : "assistant",
          content: question ? (i === 0 ? longQuestion : `question ${i}`) : `answer ${i} with a **table**`,
          model: 6,
          status: "complete",
          citations: question ? [] : [{ tool: "price", source: "Binance replay", at: "2024-05-01T00:00:00.000Z" }],
          related: question ? [] : ["What about ETH?"],
        });
    }
  });

  const share = (messages: string[], deviceNo = owner, group = msggroup) =>
    call(srv.url, "/shareMessages", { deviceNo, body: { msggroup: group, messages } });

  it("needs 1 to 6 messages (chooseChat)", async () => {
    expect((await share([])).json).toMatchObject({ code: 1001, data: { key: "chooseChat", field: "messages" } });
    expect((await share(codes.slice(0, 7))).json).toMatchObject({ code: 1001, data: { key: "chooseChat" } });
  });

  it("lets only the chat's owner share it", async () => {
    const res = await share(codes.slice(0, 2), newDeviceNo());
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "notFound", field: "msggroup" } });
    expect((await share(codes.slice(0, 2), owner, `${Date.now()}nochat`)).status).toBe(404);
  });

  it("refuses a message that is not in the chat", async () => {
    const res = await share([codes[0] ?? "", "someone-elses-message"]);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "messages" } });
  });

  it("snapshots the messages: public to read, kept after the chat is deleted, with preview tags on its page", async () => {
    // chosen out of order: the snapshot keeps the chat's order
    const res = await share([codes[1] ?? "", codes[0] ?? "", codes[5] ?? ""]);
    expect(res.status).toBe(200);
    const data = res.json?.data as { code: string; url: string; qrcode: string; summary_str: string };
    expect(data.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.url).toBe(`/chatDetail/${data.code}`);
    expect(data.qrcode).toBe(await qrSvgDataUrl(`${srv.url}/chatDetail/${data.code}`));
    expect(data.qrcode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Array.from(data.summary_str)).toHaveLength(140);
    expect(data.summary_str.endsWith("…")).toBe(true);
    expect(data.summary_str.startsWith('<script>alert("x")</script> & $& "quotes" why is BTC')).toBe(true);

    // anyone may read it: another device, no session
    const read = await call(srv.url, `/getShareMessages?code=${data.code}`, { deviceNo: newDeviceNo() });
    expect(read.status).toBe(200);
    const shared = read.json?.data as { code: string; summary: string; messages: Record<string, unknown>[] };
    expect(shared.code).toBe(data.code);
    expect(shared.summary).toBe(data.summary_str);
    expect(shared.messages.map((m) => m.code)).toEqual([codes[0], codes[1], codes[5]]);
    expect(shared.messages[1]).toMatchObject({
      role: "assistant",
      content: "answer 1 with a **table**",
      model: 6,
      status: "complete",
      rate: 0,
      attachments: [],
      citations: [{ tool: "price", source: "Binance replay", at: "2024-05-01T00:00:00.000Z" }],
      related: ["What about ETH?"],
      msggroup,
    });

    await database().delete(chatGroups).where(eq(chatGroups.msggroup, msggroup));
    const afterDelete = await call(srv.url, `/getShareMessages?code=${data.code}`);
    expect(afterDelete.json?.data).toEqual(shared);

    const page = await fetch(`${srv.url}/chatDetail/${data.code}?lang=en`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    const escaped = data.summary_str
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;");
    expect(html).toContain(`<meta property="og:description" content="${escaped}">`);
    expect(html).toContain(`<meta property="og:url" content="${srv.url}/chatDetail/${data.code}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toMatch(
      /<meta property="og:title" content="&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; \$&amp;[^"]*…">/,
    );
    // the user's text never lands in the page as markup, and the page's default preview tags are replaced
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain('content="default"');
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
  });

  it("answers 404 invalidValue for an unknown code, and the plain page for it", async () => {
    const res = await call(srv.url, "/getShareMessages?code=unknownCode123");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "invalidValue", field: "code" } });
    expect((await call(srv.url, "/getShareMessages")).json).toMatchObject({ data: { key: "required", field: "code" } });

    const page = await fetch(`${srv.url}/chatDetail/unknownCode123`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta property="og:title" content="default">');
    expect(html).not.toContain("twitter:card");
  });
});
