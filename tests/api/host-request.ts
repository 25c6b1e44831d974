import { request } from "node:http";
import { newDeviceNo } from "./harness.ts";

export interface HostAnswer {
  status: number;
  text: string;
  json: { code: number; msg: string; data: Record<string, unknown> } | undefined;
}

/**
 * One HTTP call to the test server on 127.0.0.1 with the Host header a client chose (fetch does not let a caller
 * set it): what a relayed request, or a request through a proxy that keeps the Host, looks like to the server.
 */
export function callWithHost(base: string, path: string, host: string, body?: unknown): Promise<HostAnswer> {
  const port = Number(new URL(base).port);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host, "x-device-no": newDeviceNo() };
  if (payload !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: payload === undefined ? "GET" : "POST", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: HostAnswer["json"];
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
