import { describe, expect, it, vi } from "vitest";
import type { HostPayments } from "../../host/host.ts";
import { createApiEvents } from "../../shared/api/api-events.ts";
import { createHttpClient } from "../../shared/api/http.ts";
import { createTokenStore } from "../../shared/storage/token-store.ts";
import { payWithStars, type StarsPayStatus, starsOffered } from "./stars.ts";

const LINK = "https://t.me/$invoiceSlug";

/** The API answering pay/stars/invoice with `answer`, recording what was asked. */
function api(answer: { code: number; data: unknown; status?: number }) {
  const bodies: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    bodies.push({ url: request.url, body: JSON.parse(await request.text()) });
    return new Response(JSON.stringify({ code: answer.code, msg: "", data: answer.data }), {
      status: answer.status ?? (answer.code === 200 ? 200 : 400),
      headers: { "content-type": "application/json" },
    });
  });
  const client = createHttpClient({
    fetch,
    tokenStore: createTokenStore("tok"),
    events: createApiEvents(),
    getDeviceNo: () => "device0123456789",
    getApiKey: () => undefined,
    prefixUrl: "http://api.test/v2/api",
  });
  return { client, fetch, bodies };
}

const invoiceAnswer = { code: 200, data: { orderNo: "PO20300501100000ABCD1234", invoiceLink: LINK, priceStars: 1500 } };

function telegramPayments(status: StarsPayStatus): HostPayments & { opened: string[] } {
  const opened: string[] = [];
  return {
    stars: true,
    opened,
    async openInvoice(url) {
      opened.push(url);
      return status;
    },
  };
}

describe("Stars payments from the mini app", () => {
  it("are offered only in a host that pays invoices, on a server with the bot", () => {
    expect(starsOffered({ stars: true }, true)).toBe(true);
    expect(starsOffered({ stars: true }, false)).toBe(false);
    expect(starsOffered({ stars: false }, true)).toBe(false);
  });

  it("asks for the invoice, opens its link and resolves with how the payment sheet ended", async () => {
    for (const status of ["paid", "cancelled", "failed", "pending"] as const) {
      const { client, bodies } = api(invoiceAnswer);
      const payments = telegramPayments(status);
      const result = await payWithStars({ productType: "CARDS", productId: 3 }, { payments, language: "cn", client });
      expect(result).toEqual({ status, orderNo: "PO20300501100000ABCD1234", priceStars: 1500 });
      expect(payments.opened).toEqual([LINK]);
      expect(bodies).toEqual([
        {
          url: "http://api.test/v2/api/pay/stars/invoice",
          body: { productType: "CARDS", productId: 3, language: "cn" },
        },
      ]);
    }
  });

  it("names a points product by its chargeId", async () => {
    const { client, bodies } = api(invoiceAnswer);
    await payWithStars(
      { productType: "POINTS", productId: 102, chargeId: 2 },
      { payments: telegramPayments("paid"), language: "en", client },
    );
    expect(bodies[0]?.body).toEqual({ productType: "POINTS", chargeId: 2, language: "en" });
  });

  it("is refused in a browser without asking the server", async () => {
    const { client, fetch } = api(invoiceAnswer);
    const browser: HostPayments = { stars: false, openInvoice: vi.fn(async () => "failed" as const) };
    await expect(
      payWithStars({ productType: "CARDS", productId: 3 }, { payments: browser, language: "en", client }),
    ).rejects.toMatchObject({ key: "starsUnavailable" });
    expect(fetch).not.toHaveBeenCalled();
    expect(browser.openInvoice).not.toHaveBeenCalled();
  });

  it("passes the server's refusal on and opens nothing", async () => {
    for (const [code, key] of [
      [1001, "starsUnavailable"],
      [9004, "cannotBuyTwice"],
    ] as const) {
      const { client } = api({ code, data: { key } });
      const payments = telegramPayments("paid");
      await expect(
        payWithStars({ productType: "CARDS", productId: 1 }, { payments, language: "en", client }),
      ).rejects.toMatchObject({ code, key });
      expect(payments.opened).toEqual([]);
    }
  });
});
