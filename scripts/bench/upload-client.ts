// The client side of the upload bench, in its own process so that building and sending the bodies weighs on
// neither the server's event loop nor its heap: argv url, count. Prints "ready" once the bodies are built, then
// waits for a line on stdin, sends them all at once and prints the answers' message keys as JSON.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createInterface } from "node:readline";

const [url, countText] = process.argv.slice(2);
const count = Number(countText);
const MB = 1024 * 1024;
const bodies = Array.from({ length: count }, () => {
  const garbage = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(19 * MB)]);
  return JSON.stringify({ name: "damaged.pdf", type: "application/pdf", base64content: garbage.toString("base64") });
});
const deep = "[".repeat(6 * MB);
const post = async (route: string, body: string, deviceNo: string) => {
  const res = await fetch(`${url}/v2/api${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-device-no": deviceNo },
    body,
  });
  const json = (await res.json()) as { data?: { key?: string } };
  return json.data?.key ?? String(res.status);
};
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
await once(lines, "line");
const keys = await Promise.all(bodies.map((body, i) => post("/pdfUpload", body, `benchupload000${i}`)));
process.stdout.write(`${JSON.stringify(keys)}\n`);
await once(lines, "line");
process.stdout.write(`${JSON.stringify(await post("/chat/send", deep, "benchdeepjson01"))}\n`);
lines.close();
