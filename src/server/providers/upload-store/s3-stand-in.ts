import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256Hex, signS3Request } from "./s3-signing.ts";

/** The credentials the stand-in accepts. */
export const S3_STAND_IN_CREDENTIALS = {
  accessKeyId: "TESTKEY",
  secretAccessKey: "test-secret-key",
  region: "eu-test-1",
};
const ACCESS_KEY = S3_STAND_IN_CREDENTIALS.accessKeyId;
const SECRET = S3_STAND_IN_CREDENTIALS.secretAccessKey;
const REGION = S3_STAND_IN_CREDENTIALS.region;

interface Stored {
  bytes: Buffer;
  mime: string;
}

/**
 * A loopback S3 stand-in for tests: it checks every request is signed (SigV4 with the credentials above, the
 * payload hash matching the body) and keeps objects in memory by path, as a bucket would. `fail` makes it answer
 * a status (or hang) instead.
 */
export async function startS3StandIn() {
  const objects = new Map<string, Stored>();
  const seen: { method: string; path: string; headers: IncomingMessage["headers"] }[] = [];
  let override: ((method: string) => { status: number; hang?: boolean } | undefined) | undefined;

  const verify = async (req: IncomingMessage, body: Buffer): Promise<string | undefined> => {
    const authorization = req.headers.authorization ?? "";
    const date = req.headers["x-amz-date"];
    const payloadHash = req.headers["x-amz-content-sha256"];
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match || typeof date !== "string" || typeof payloadHash !== "string") return "MissingSecurityHeader";
    const [, accessKey, day, region, signedHeaders = "", signature] = match;
    if (accessKey !== ACCESS_KEY || region !== REGION || !date.startsWith(day ?? "-")) return "InvalidAccessKeyId";
    if (payloadHash !== sha256Hex(body)) return "XAmzContentSHA256Mismatch";
    const names = signedHeaders.split(";");
    if (!["host", "x-amz-date", "x-amz-content-sha256"].every((name) => names.includes(name))) {
      return "AccessDenied";
    }
    const headers: Record<string, string> = {};
    for (const name of names) {
      if (name === "host" || name.startsWith("x-amz-date") || name === "x-amz-content-sha256") continue;
      headers[name] = String(req.headers[name] ?? "");
    }
    const when = new Date(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    // the same request signed here with the secret the bucket holds
    const expected = await signS3Request(
      {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", `http://${req.headers.host}`),
        headers,
        payloadHash,
        now: when,
      },
      { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: REGION },
    );
    return expected.get("authorization")?.endsWith(`Signature=${signature}`) ? undefined : "SignatureDoesNotMatch";
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const path = new URL(req.url ?? "/", "http://s3").pathname;
      seen.push({ method, path, headers: req.headers });
      const forced = override?.(method);
      if (forced?.hang) return;
      if (forced) {
        res.writeHead(forced.status).end("<Error><Code>InternalError</Code></Error>");
        return;
      }
      const problem = await verify(req, body);
      if (problem) {
        res.writeHead(403, { "content-type": "application/xml" }).end(`<Error><Code>${problem}</Code></Error>`);
        return;
      }
      if (method === "PUT") {
        objects.set(path, { bytes: body, mime: req.headers["content-type"] ?? "binary/octet-stream" });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      } else if (method === "GET") {
        const object = objects.get(path);
        if (!object)
          res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>");
        else
          res.writeHead(200, { "content-type": object.mime, "content-length": object.bytes.length }).end(object.bytes);
      } else if (method === "DELETE") {
        objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    seen,
    fail(next: typeof override) {
      override = next;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;
