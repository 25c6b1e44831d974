import { type Context, Hono } from "hono";
import { z } from "zod";
import { API_PREFIX } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { isLoopbackAddress } from "../../addresses.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { escapeHtml } from "../../escape-html.ts";
import { createMailOutbox, type OutboxMail } from "../../providers/mail/outbox.ts";
import type { AppEnv } from "../app-env.ts";
import { ok } from "../envelope.ts";
import { queryParams } from "../validate.ts";

const LATEST = 50;
export const DEV_OUTBOX_PAGE = "/dev/outbox";
export const DEV_OUTBOX_API = `${API_PREFIX}/dev/outbox`;

const outboxQuerySchema = z.object({
  to: z
    .string()
    .max(254)
    .transform((value) => value.replace(/\s+/g, "").toLowerCase())
    .optional(),
});

function page(mails: OutboxMail[]): string {
  const items = mails
    .map((mail) => {
      const status = mail.error
        ? `failed: ${mail.error}`
        : mail.deliveredAt
          ? `delivered ${mail.deliveredAt.toISOString()}`
          : mail.transport;
      return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">to <b>${escapeHtml(mail.to)}</b> · ${escapeHtml(mail.createdAt.toISOString())} · ${escapeHtml(status)}</p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Mail outbox (development)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
article{border:1px solid #ddd;border-radius:8px;padding:0 1rem;margin:1rem 0}
.meta{color:#666;font-size:.9rem}pre{white-space:pre-wrap;font-size:.95rem}
</style></head>
<body><h1>Mail outbox</h1>
<p>The latest ${LATEST} mails, newest first. Development only: this page is off in production.</p>
${items || "<p>No mail yet.</p>"}
</body></html>
`;
}

/**
 * The development outbox: `GET /dev/outbox` (a page) and `GET /v2/api/dev/outbox?to=` (JSON), where mail is read
 * when no SMTP server is configured. Mounted on the root app, before the API, so a browser can open it without
 * the app's headers. It holds every sign-up and reset code, so both answer 404 unless enabled (development,
 * no SMTP, a loopback listener or DEV_OUTBOX) and only to a peer on this machine: the socket's own address,
 * never a forwarded header.
 */
export function devOutboxRoutes(deps: { enabled: boolean; db: Database }) {
  const outbox = createMailOutbox(deps.db);
  const app = new Hono<AppEnv>();
  const open = (c: Context<AppEnv>) => deps.enabled && isLoopbackAddress(c.get("peerIp") ?? "");
  app.get(DEV_OUTBOX_PAGE, async (c) => {
    if (!open(c)) return c.text("Not found", 404);
    c.header("cache-control", "no-store");
    return c.html(page(await outbox.latest({ limit: LATEST })));
  });
  app.get(DEV_OUTBOX_API, async (c) => {
    if (!open(c)) throw new ApiError(ErrorCode.RequestFailed, "notFound", 404, [], "no such API path");
    const { to } = queryParams(c, outboxQuerySchema);
    const mails = await outbox.latest({ to, limit: LATEST });
    c.header("cache-control", "no-store");
    return ok(c, {
      list: mails.map((mail) => ({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        transport: mail.transport,
        createdAt: mail.createdAt.toISOString(),
        deliveredAt: mail.deliveredAt?.toISOString() ?? null,
        error: mail.error,
      })),
    });
  });
  return app;
}

export type DevOutboxRoutes = ReturnType<typeof devOutboxRoutes>;
