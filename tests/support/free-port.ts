import { once } from "node:events";
import { createServer } from "node:net";

/** A loopback port nothing listens on right now, picked by the system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  await once(server, "close");
  if (address === null || typeof address === "string") throw new Error("no free TCP port on 127.0.0.1");
  return address.port;
}
