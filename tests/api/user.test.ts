import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userInfoDataSchema } from "../../src/contract/user.ts";
import { createQuotaService, userSubject, visitorSubject } from "../../src/server/features/accounts/quota.service.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  type CallOptions,
  call,
  createTestDatabase,
  newDeviceNo,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from "./harness.ts";

const DAY = 86_400_000;
const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString("base64");

const clock = manualClock(new Date("2025-04-01T08:00:00.000Z"));
let db: TestDatabase;
let srv: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(db.env, { clock });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

let userCounter = 0;
/** A new user (with the 7-day trial) and a session, made the way sign-in makes them. */
async function newUser() {
  userCounter += 1;
  const database = srv.server.database.db;
  const user = await createUsersRepository(database, clock).create({
    email: `user${userCounter}-${Date.now()}@example.com`,
    username: `investor${userCounter}`,
  });
  if (!user) throw new Error("user not created");
  const sessions = createSessionsService(database, clock);
  const login = await sessions.signIn(user, "email");
  const auth = { authorization: `Bearer ${login.user_token}` };
  return {
    user,
    token: login.user_token,
    get: (path: string, options: CallOptions = {}) =>
      call(srv.url, path, { ...options, headers: { ...auth, ...options.headers } }),
    post: (path: string, body: unknown, options: CallOptions = {}) =>
      call(srv.url, path, { ...options, body, headers: { ...auth, ...options.headers } }),
  };
}

type Info = ReturnType<typeof userInfoDataSchema.parse>;
async function infoOf(account: Awaited<ReturnType<typeof newUser>>): Promise<Info> {
  const res = await account.get("/user/info");
  expect(res.status).toBe(200);
  expect(res.json?.code).toBe(200);
  return userInfoDataSchema.parse(res.json?.data);
}

describe("GET /v2/api/user/info", () => {
  it("shows a new user's 7-day trial: unlimited, no alert, and the profile", async () => {
    const account = await newUser();
    const info = await infoOf(account);
    expect(info).toMatchObject({
      card: "1",
      queryTimes: { isUnlimited: true, exchange: { remain: 0, total: 0 } },
      dataAnalysisTimes: { isUnlimited: true },
      expiredTime: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
      expiredDays: 7,
      timeAlert: false,
      edition: "PLUSEdition",
    });
    expect(info.profile).toEqual({
      user_id: String(account.user.id),
      uid: String(account.user.id).padStart(8, "0"),
      username: account.user.username,
      email: account.user.email,
      wallet_address: null,
      telegram_id: null,
      avatar_url: null,
      invitation_code: account.user.invitationCode,
      created_at: clock.now().toISOString(),
      username_changeable_at: null,
    });
    expect(info.profile?.uid).toMatch(/^\d{8}$/);
  });

  it("warns within 3 days of the end, then falls back to standard: 2 + 20 a day on PLUS, 2 on Basic", async () => {
    const account = await newUser();
    clock.advance(5 * DAY);
    expect(await infoOf(account)).toMatchObject({ card: "1", expiredDays: 2, timeAlert: true });

    clock.advance(3 * DAY);
    const standard = await infoOf(account);
    expect(standard).toMatchObject({
      card: "0",
      queryTimes: { today: { remain: 22, total: 22 }, isUnlimited: false },
      dataAnalysisTimes: { remain: 1, total: 1, isUnlimited: false },
      allowance_num: 1,
      expiredTime: null,
      expiredDays: 0,
      timeAlert: false,
      edition: "PLUSEdition",
    });

    const quota = createQuotaService(srv.server.database.db, clock);
    await quota.consume(userSubject(account.user.id), "chat", 22);
    expect((await infoOf(account)).queryTimes.today).toEqual({ remain: 21, total: 22 });

    const switched = await account.post("/user/edition", { edition: "BasicEdition" });
    expect(switched.json).toEqual({ code: 200, msg: "success", data: {} });
    expect(await infoOf(account)).toMatchObject({
      edition: "BasicEdition",
      queryTimes: { today: { remain: 1, total: 2 } },
    });

    // the next UTC day starts afresh
    clock.advance(DAY);
    expect((await infoOf(account)).queryTimes.today).toEqual({ remain: 2, total: 2 });

    const bad = await account.post("/user/edition", { edition: "GoldEdition" });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 1001, data: { field: "edition" } });
  });

  it("answers 4001 without a token, and for an unknown or revoked one", async () => {
    const anonymous = await call(srv.url, "/user/info");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });

    const unknown = await call(srv.url, "/user/info", { headers: { authorization: "Bearer not-a-real-token" } });
    expect(unknown.json).toMatchObject({ code: 4001, data: { key: "loginInvalid" } });

    const account = await newUser();
    expect((await account.get("/user/info")).json?.code).toBe(200);
    const session = await createSessionsService(srv.server.database.db, clock).resolve(account.token);
    if (!session) throw new Error("no session");
    await createSessionsService(srv.server.database.db, clock).revoke(session.sessionId);
    const revoked = await account.get("/user/info");
    expect(revoked.status).toBe(401);
    expect(revoked.json).toMatchObject({ code: 4001, data: { key: "loginInvalid" } });
  });

  it("needs a session for the profile and edition changes", async () => {
    for (const [path, body] of [
      ["/user/modifyProfile", { userName: "someone" }],
      ["/user/edition", { edition: "BasicEdition" }],
    ] as const) {
      const res = await call(srv.url, path, { body });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    }
  });
});

describe("POST /v2/api/visitor/info", () => {
  it("gives a visitor 1 a day, by device number by default", async () => {
    const deviceNo = newDeviceNo();
    const fresh = await call(srv.url, "/visitor/info", { body: {}, deviceNo });
    expect(fresh.status).toBe(200);
    const info = userInfoDataSchema.parse(fresh.json?.data);
    expect(info).toMatchObject({
      card: "0",
      queryTimes: { today: { remain: 1, total: 1 }, isUnlimited: false },
      expiredTime: null,
      timeAlert: false,
    });
    expect(info.profile).toBeUndefined();

    const quota = createQuotaService(srv.server.database.db, clock);
    expect((await quota.consume(visitorSubject(deviceNo), "chat", 1)).allowed).toBe(true);
    const used = await call(srv.url, "/visitor/info", { body: {}, deviceNo });
    expect(used.json?.data).toMatchObject({ queryTimes: { today: { remain: 0, total: 1 } } });

    // no body at all reads the device number too
    const bare = await call(srv.url, "/visitor/info", { method: "POST", deviceNo });
    expect(bare.json?.data).toMatchObject({ queryTimes: { today: { remain: 0, total: 1 } } });
  });

  it("reads the visitorId of the body, also for a signed-in caller", async () => {
    const visitorId = `visitor-${Date.now()}`;
    const quota = createQuotaService(srv.server.database.db, clock);
    await quota.consume(visitorSubject(visitorId), "chat", 1);
    const res = await call(srv.url, "/visitor/info", { body: { visitorId } });
    expect(res.json?.data).toMatchObject({ queryTimes: { today: { remain: 0, total: 1 } } });

    const account = await newUser();
    const signedIn = await account.post("/visitor/info", { visitorId });
    expect(signedIn.json?.data).toMatchObject({ card: "0", queryTimes: { today: { remain: 0, total: 1 } } });
    expect(signedIn.json?.data).not.toHaveProperty("profile");
  });

  it("refuses a malformed visitorId", async () => {
    const res = await call(srv.url, "/visitor/info", { body: { visitorId: "bad id!" } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { field: "visitorId" } });
  });
});

describe("POST /v2/api/user/modifyProfile", () => {
  it("renames once a week", async () => {
    const account = await newUser();
    const renamed = await account.post("/user/modifyProfile", { userName: "  Satoshi  " });
    expect(renamed.json).toEqual({ code: 200, msg: "success", data: {} });
    const info = await infoOf(account);
    expect(info.profile).toMatchObject({
      username: "Satoshi",
      username_changeable_at: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });

    clock.advance(6 * DAY);
    const again = await account.post("/user/modifyProfile", { userName: "Vitalik" });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 2014, data: { key: "aweekOncename", field: "userName" } });
    expect((await infoOf(account)).profile?.username).toBe("Satoshi");

    // sending the current name is no change
    expect((await account.post("/user/modifyProfile", { userName: "Satoshi" })).json?.code).toBe(200);

    clock.advance(DAY);
    expect((await account.post("/user/modifyProfile", { userName: "Vitalik" })).json?.code).toBe(200);
    expect((await infoOf(account)).profile?.username).toBe("Vitalik");
  });

  it("lets only one of two simultaneous renames through", async () => {
    const account = await newUser();
    const results = await Promise.all(
      ["first", "second", "third"].map((name) => account.post("/user/modifyProfile", { userName: name })),
    );
    expect(results.map((res) => res.json?.code).sort()).toEqual([200, 2014, 2014]);
  });

  it("refuses an empty update, a blank name and a name over 20 characters", async () => {
    const account = await newUser();
    const cases: [unknown, string][] = [
      [{}, "plsenterUserName"],
      [{ userName: "   " }, "plsenterUserName"],
      [{ userName: "x".repeat(21) }, "tooLong"],
    ];
    for (const [body, key] of cases) {
      const res = await account.post("/user/modifyProfile", body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "userName", key } });
    }
    expect((await account.post("/user/modifyProfile", { userName: "比".repeat(20) })).json?.code).toBe(200);
  });

  it("stores a png avatar and serves it with its type, without using the weekly rename", async () => {
    const account = await newUser();
    const res = await account.post("/user/modifyProfile", { image: `data:image/png;base64,${PNG_1PX}` });
    expect(res.json?.code).toBe(200);
    const info = await infoOf(account);
    expect(info.profile?.avatar_url).toMatch(new RegExp(`^/v2/api/user/avatar/${account.user.id}\\?v=\\w+$`));
    expect(info.profile?.username_changeable_at).toBeNull();

    const image = await fetch(`${srv.url}${info.profile?.avatar_url}`, { headers: { "x-device-no": newDeviceNo() } });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_1PX, "base64"))).toBe(true);

    // a new image gets a new link
    await account.post("/user/modifyProfile", { image: `data:image/jpeg;base64,${JPEG_HEAD}` });
    const after = await infoOf(account);
    expect(after.profile?.avatar_url).not.toBe(info.profile?.avatar_url);
    const jpeg = await call(srv.url, `/user/avatar/${account.user.id}`);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a gif, a png label on jpeg bytes and an image over 1 MB", async () => {
    const account = await newUser();
    const cases: [string, string, number][] = [
      [`data:image/gif;base64,${PNG_1PX}`, "imgTypeTip", 400],
      [`data:image/png;base64,${JPEG_HEAD}`, "imgTypeTip", 400],
      ["data:image/jpeg;base64,AAAAAAAA", "imgTypeTip", 400],
      [
        `data:image/jpeg;base64,${Buffer.concat([Buffer.from(JPEG_HEAD, "base64"), Buffer.alloc(1024 * 1024)]).toString("base64")}`,
        "payloadTooLarge",
        413,
      ],
    ];
    for (const [image, key, status] of cases) {
      const res = await account.post("/user/modifyProfile", { image });
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "image", key } });
    }
    expect((await infoOf(account)).profile?.avatar_url).toBeNull();
  });

  it("writes nothing when the rename is refused", async () => {
    const account = await newUser();
    await account.post("/user/modifyProfile", { userName: "first-name" });
    const res = await account.post("/user/modifyProfile", {
      userName: "second-name",
      image: `data:image/png;base64,${PNG_1PX}`,
    });
    expect(res.json?.code).toBe(2014);
    expect((await infoOf(account)).profile).toMatchObject({ username: "first-name", avatar_url: null });
  });
});

describe("GET /v2/api/user/avatar/:id", () => {
  it("answers a 404 envelope when there is no avatar", async () => {
    const account = await newUser();
    for (const id of [String(account.user.id), "999999999", "abc", "99999999999999999999"]) {
      const res = await call(srv.url, `/user/avatar/${id}`);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "notFound" } });
    }
  });
});
