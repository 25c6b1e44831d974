import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { chatUploads } from "../../src/server/db/schema.ts";
import {
  S3_STAND_IN_CREDENTIALS,
  type S3StandIn,
  startS3StandIn,
} from "../../src/server/providers/upload-store/s3-stand-in.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAGElEQVR4AWJicPn//38Hw3+m/y6MDCAAAAAA///1zwL2AAAABklEQVQDAEiOBhE/g6pCAAAAAElFTkSuQmCC";

let db: TestDatabase;
let srv: TestServer;
let s3: S3StandIn;

beforeAll(async () => {
  s3 = await startS3StandIn();
  db = await createTestDatabase();
  srv = await startTestServer({
    ...db.env,
    S3_ENDPOINT: s3.url,
    S3_BUCKET: "ml-chat",
    S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
    S3_REGION: S3_STAND_IN_CREDENTIALS.region,
  });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await s3?.close();
});
beforeEach(() => s3.fail(undefined));

const upload = (deviceNo = newDeviceNo()) =>
  call(srv.url, "/imageListUpload", {
    deviceNo,
    body: { image_list: [{ type: "image/png", base64content: PNG, name: "chart.png" }] },
  });

describe("chat uploads in an S3-compatible bucket (S3_* set)", () => {
  it("stores images in the bucket with signed requests and serves them back from it", async () => {
    const res = await upload();
    expect(res.json?.code).toBe(200);
    const [url = ""] = (res.json?.data.files_url ?? []) as string[];
    const id = url.split("/").pop();
    expect(s3.objects.get(`/ml-chat/images/${id}`)).toEqual({ bytes: Buffer.from(PNG, "base64"), mime: "image/png" });

    const served = await fetch(`${srv.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(PNG, "base64"));
    expect(s3.seen.some((request) => request.method === "GET" && request.path === `/ml-chat/images/${id}`)).toBe(true);
  });

  it("answers updataError (no files_url) and keeps no record when the bucket fails", async () => {
    const deviceNo = newDeviceNo();
    s3.fail(() => ({ status: 503 }));
    const res = await upload(deviceNo);
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "updataError" } });
    const rows = await srv.server.database.db
      .select()
      .from(chatUploads)
      .where(eq(chatUploads.owner, `v:${deviceNo}`));
    expect(rows).toEqual([]);
  });
});
