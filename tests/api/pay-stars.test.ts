import { sign as signInitData } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productsDataSchema } from "../../src/contract/pay.ts";
import { STARS_PER_USDT_DEFAULT } from "../../src/server/config.ts";
import { orders } from "../../src/server/db/schema.ts";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type BotApiStandIn, type StandInUpdate, startBotApiStandIn } from "../support/bot-api-stand-in.ts";
import { call, createTestDatabase, type TestDatabase, type TestServer } from "./harness.ts";
import {
  BOT_TOKEN,
  botServerForTests,
  callsTo,
  deliver,
  type PrivateUser,
  startBotServer,
  telegramUserId,
  textUpdate,
  updateId,
} from "./telegram-bot-harness.ts";

const clock = manualClock(new Date("2030-05-01T10:00:00Z"));
const OPERATOR = 9_000_000_001;
/** the monthly plan's own price; the points products cost their USDT price at the default rate */
const MONTHLY_STARS = 1500;
const fixture = botServerForTests({
  mode: "webhook",
  clock,
  env: { STARS_PRICES: JSON.stringify({ "CARDS:3": MONTHLY_STARS }), BOT_OPERATOR_IDS: `${OPERATOR}, 42` },
});

interface Payer extends PrivateUser {
  headers: Record<string, string>;
}

/** A Telegram user signed in to the mini app (init data signed with the bot's token): their calls' headers. */
async function payer(srv: TestServer = fixture.srv): Promise<Payer> {
  const user = {
    id: telegramUserId(),
    first_name: "Ada",
    username: `payer${Date.now() % 100000}`,
    language_code: "en",
  };
  const initData = signInitData({ user, query_id: "AAHstars" } as never, BOT_TOKEN, clock.now());
  const login = await call(srv.url, "/telegramLogin", { body: { initData } });
  expect(login.status).toBe(200);
  return { ...user, headers: { authorization: `Bearer ${login.json?.data.user_token}` } };
}

async function invoice(who: Payer, body: Record<string, unknown>, srv: TestServer = fixture.srv) {
  return call(srv.url, "/pay/stars/invoice", { body, headers: who.headers });
}

/** Opens an invoice for the product and answers its order number and price. */
async function openInvoice(who: Payer, body: Record<string, unknown>) {
  const res = await invoice(who, body);
  expect(res.json?.code).toBe(200);
  return { orderNo: String(res.json?.data.orderNo), stars: Number(res.json?.data.priceStars) };
}

function preCheckout(who: PrivateUser, payload: string, amount: number, currency = "XTR"): StandInUpdate {
  const id = updateId();
  return {
    update_id: id,
    pre_checkout_query: {
      id: `pcq-${id}`,
      from: { id: who.id, is_bot: false, first_name: "Ada", language_code: "en" },
      currency,
      total_amount: amount,
      invoice_payload: payload,
    },
  };
}

function successfulPayment(who: PrivateUser, payload: string, amount: number, chargeId: string): StandInUpdate {
  const id = updateId();
  return {
    update_id: id,
    message: {
      message_id: id,
      date: 1_700_000_000,
      chat: { id: who.id, type: "private", first_name: "Ada" },
      from: { id: who.id, is_bot: false, first_name: "Ada", language_code: "en" },
      successful_payment: {
        currency: "XTR",
        total_amount: amount,
        invoice_payload: payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: "",
      },
    },
  };
}

/** The bot's answer to one pre-checkout query (deliver() returns once the bot handled it: the answer was sent). */
function answerTo(standIn: BotApiStandIn, update: StandInUpdate) {
  const id = (update.pre_checkout_query as { id: string }).id;
  const answers = standIn.callsOf("answerPreCheckoutQuery").filter((c) => c.params.pre_checkout_query_id === id);
  expect(answers).toHaveLength(1);
  return answers[0]?.params;
}

async function orderRow(orderNo: string) {
  const [row] = await fixture.srv.server.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

const pointsOf = async (who: Payer) =>
  (await call(fixture.srv.url, "/points/getUserPointsInfo", { headers: who.headers })).json?.data.points;

const lastText = (who: PrivateUser) => String(callsTo(fixture.standIn, "sendMessage", who.id).at(-1)?.params.text);

let charge = 0;
const newChargeId = () => `stxCharge${++charge}`;

describe("invoices", () => {
  it("makes a Stars invoice link for a pending order: XTR, no provider token, one price, the order as payload", async () => {
    const ada = await payer();
    const res = await invoice(ada, { productType: "CARDS", productId: 3 });
    expect(res.json).toMatchObject({ code: 200, data: { priceStars: MONTHLY_STARS } });
    const orderNo = String(res.json?.data.orderNo);
    const invoiceLink = String(res.json?.data.invoiceLink);
    const made = fixture.standIn.callsOf("createInvoiceLink").find((c) => c.params.payload === orderNo);
    expect(made?.params).toMatchObject({
      currency: "XTR",
      provider_token: "",
      prices: [{ label: "Monthly plan", amount: MONTHLY_STARS }],
      title: "Monthly plan",
    });
    expect(invoiceLink).toMatch(/^https:\/\/t\.me\/\$/);
    expect(await orderRow(orderNo)).toMatchObject({ status: "pending", payMethod: "stars", priceStars: MONTHLY_STARS });
  });

  it("prices a product without its own price at the configured rate, and takes a points product by chargeId", async () => {
    const ada = await payer();
    const res = await invoice(ada, { productType: "POINTS", chargeId: 2, language: "en" });
    // 5 USDT at the default rate
    expect(res.json?.data.priceStars).toBe(5 * STARS_PER_USDT_DEFAULT);
    const made = fixture.standIn.callsOf("createInvoiceLink").find((c) => c.params.payload === res.json?.data.orderNo);
    expect(made?.params.prices).toEqual([{ label: "5,250 points", amount: 5 * STARS_PER_USDT_DEFAULT }]);
  });

  it("are listed with the products: offered here, each product with its price in Stars", async () => {
    const products = productsDataSchema.parse((await call(fixture.srv.url, "/pay/products")).json?.data);
    expect(products.stars).toEqual({ available: true });
    expect(products.packages.find((p) => p.productId === 3)?.priceStars).toBe(MONTHLY_STARS);
    expect(products.pointsProducts.find((p) => p.chargeId === 1)?.priceStars).toBe(STARS_PER_USDT_DEFAULT);
  });

  it("sells a trial once per account", async () => {
    const ada = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "CARDS", productId: 1 });
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, newChargeId()));
    expect((await invoice(ada, { productType: "CARDS", productId: 1 })).json).toMatchObject({
      code: 9004,
      data: { key: "cannotBuyTwice" },
    });
  });

  it("asks a visitor to sign in, refuses an unknown product and an account without Telegram", async () => {
    const visitor = await call(fixture.srv.url, "/pay/stars/invoice", { body: { productType: "CARDS", productId: 3 } });
    expect(visitor.json).toMatchObject({ code: 4001 });
    const ada = await payer();
    expect((await invoice(ada, { productType: "CARDS", productId: 99 })).json).toMatchObject({
      code: 9001,
      data: { key: "payScenarioMissing" },
    });
    expect((await invoice(ada, { productType: "GOLD", productId: 3 })).json).toMatchObject({
      code: 1001,
      data: { key: "invalidValue", field: "productType" },
    });
    const db = fixture.srv.server.database.db;
    const emailUser = await createUsersRepository(db, clock).create({ email: "stars@example.com", username: "stars" });
    if (!emailUser) throw new Error("user not created");
    const login = await createSessionsService(db, clock).signIn(emailUser, "email");
    const headers = { authorization: `Bearer ${login.user_token}` };
    expect((await invoice({ id: 0, headers }, { productType: "CARDS", productId: 3 })).json).toMatchObject({
      code: 1001,
      data: { key: "telegramAccountRequired" },
    });
  });
});

describe("pre-checkout", () => {
  it("answers ok for the payer's pending order at its price", async () => {
    const ada = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "POINTS", productId: 101 });
    const query = preCheckout(ada, orderNo, stars);
    await deliver(fixture.srv, query);
    expect(answerTo(fixture.standIn, query)).toMatchObject({ ok: true });
  });

  it("answers not ok, in the payer's language, for a wrong amount or currency, an unknown order, another account", async () => {
    const ada = await payer();
    const bo = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "POINTS", productId: 101 });
    const cases: [StandInUpdate, string][] = [
      [preCheckout(ada, orderNo, stars - 1), "price of this order does not match"],
      [preCheckout(ada, orderNo, stars, "USD"), "price of this order does not match"],
      [preCheckout(ada, "ST00000000000000NOTHING", stars), "order was not found"],
      [preCheckout(bo, orderNo, stars), "belongs to another account"],
    ];
    for (const [query, message] of cases) {
      await deliver(fixture.srv, query);
      const answer = answerTo(fixture.standIn, query);
      expect(answer).toMatchObject({ ok: false });
      expect(String(answer?.error_message)).toContain(message);
    }
  });
});

describe("successful payments", () => {
  it("credits the points once even when Telegram delivers the payment twice, and thanks once", async () => {
    const ada = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "POINTS", productId: 101 });
    const chargeId = newChargeId();
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    expect(await pointsOf(ada)).toBe(1000);
    expect(lastText(ada)).toContain(`Thank you! ${stars} Stars received for 1,000 points (order ${orderNo}).`);
    const thanks = callsTo(fixture.standIn, "sendMessage", ada.id).length;

    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    expect(await pointsOf(ada)).toBe(1000);
    expect(callsTo(fixture.standIn, "sendMessage", ada.id)).toHaveLength(thanks);
    expect(await orderRow(orderNo)).toMatchObject({ status: "success", telegramChargeId: chargeId });
    // the order is paid: a later checkout for it is refused
    const late = preCheckout(ada, orderNo, stars);
    await deliver(fixture.srv, late);
    expect(answerTo(fixture.standIn, late)).toMatchObject({ ok: false });
  });

  it("gives the plan: the card and its expiry move once", async () => {
    const ada = await payer();
    const before = (await call(fixture.srv.url, "/user/info", { headers: ada.headers })).json?.data;
    const { orderNo, stars } = await openInvoice(ada, { productType: "CARDS", productId: 3 });
    const chargeId = newChargeId();
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    const after = (await call(fixture.srv.url, "/user/info", { headers: ada.headers })).json?.data;
    expect(["3", "4", "5"]).toContain(after?.card);
    expect(Date.parse(String(after?.expiredTime))).toBeGreaterThan(Date.parse(String(before?.expiredTime ?? 0)));
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    const again = (await call(fixture.srv.url, "/user/info", { headers: ada.headers })).json?.data;
    expect(again?.expiredTime).toBe(after?.expiredTime);
  });

  it("gives back at once the Stars of a payment that matches no open order", async () => {
    const ada = await payer();
    const chargeId = newChargeId();
    await deliver(fixture.srv, successfulPayment(ada, "ST00000000000000NOTHING", 77, chargeId));
    const refunds = fixture.standIn
      .callsOf("refundStarPayment")
      .filter((c) => c.params.telegram_payment_charge_id === chargeId);
    expect(refunds.map((c) => Number(c.params.user_id))).toEqual([ada.id]);
    expect(lastText(ada)).toContain("did not match an open order, so your 77 Stars were refunded");
  });
});

describe("refunds and support", () => {
  it("refunds on an operator's /refund: Telegram gives the Stars back, the order is refunded, the points taken back", async () => {
    const ada = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "POINTS", productId: 101 });
    const chargeId = newChargeId();
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    expect(await pointsOf(ada)).toBe(1000);

    // anyone else's /refund is not a command the bot knows
    const stranger = { id: telegramUserId(), language_code: "en" };
    await deliver(fixture.srv, textUpdate(stranger, `/refund ${chargeId}`));
    expect(
      fixture.standIn.callsOf("refundStarPayment").filter((c) => c.params.telegram_payment_charge_id === chargeId),
    ).toHaveLength(0);
    expect((await orderRow(orderNo))?.status).toBe("success");

    const operator = { id: OPERATOR, language_code: "en" };
    await deliver(fixture.srv, textUpdate(operator, `/refund ${chargeId}`));
    const refund = fixture.standIn
      .callsOf("refundStarPayment")
      .filter((c) => c.params.telegram_payment_charge_id === chargeId);
    expect(refund.map((c) => Number(c.params.user_id))).toEqual([ada.id]);
    expect(await orderRow(orderNo)).toMatchObject({ status: "refunded" });
    expect(await pointsOf(ada)).toBe(0);
    expect(lastText(operator)).toContain(`Refunded: ${stars} Stars of order ${orderNo}`);

    // a second /refund changes nothing
    await deliver(fixture.srv, textUpdate(operator, `/refund ${chargeId}`));
    expect(lastText(operator)).toContain(`Order ${orderNo} was already refunded.`);
    await deliver(fixture.srv, textUpdate(operator, "/refund nosuchcharge"));
    expect(lastText(operator)).toContain("No Stars payment has this payment id.");
  });

  it("answers /paysupport with how to get help and the payer's latest Stars payments", async () => {
    const ada = await payer();
    const { orderNo, stars } = await openInvoice(ada, { productType: "POINTS", productId: 101 });
    const chargeId = newChargeId();
    await deliver(fixture.srv, successfulPayment(ada, orderNo, stars, chargeId));
    await deliver(fixture.srv, textUpdate(ada, "/paysupport"));
    const text = lastText(ada);
    expect(text).toContain("Help with payments");
    expect(text).toContain("Feedback");
    expect(text).toContain(orderNo);
    expect(text).toContain(chargeId);

    const newcomer = { id: telegramUserId(), language_code: "en" };
    await deliver(fixture.srv, textUpdate(newcomer, "/paysupport"));
    expect(lastText(newcomer)).toContain("You have no Stars payments with this Telegram account.");
  });
});

describe("without the bot", () => {
  let standIn: BotApiStandIn;
  let db: TestDatabase;
  let srv: TestServer;
  beforeAll(async () => {
    standIn = await startBotApiStandIn();
    db = await createTestDatabase();
    // BOT_TOKEN only checks the mini app's sign-in: no bot runs
    srv = await startBotServer(standIn, db.env, { clock, env: { BOT_MODE: "off" } });
  });
  afterAll(async () => {
    await srv?.stop();
    await standIn?.close();
    await db?.drop();
  });

  it("answers starsUnavailable and makes no invoice", async () => {
    expect(srv.server.telegram).toBeUndefined();
    expect((await call(srv.url, "/pay/products")).json?.data.stars).toEqual({ available: false });
    const ada = await payer(srv);
    expect((await invoice(ada, { productType: "CARDS", productId: 3 }, srv)).json).toMatchObject({
      code: 1001,
      data: { key: "starsUnavailable" },
    });
    expect(standIn.callsOf("createInvoiceLink")).toEqual([]);
  });
});
