import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { parseAddressList } from "./sanctions-list.ts";

/**
 * The snapshot of the OFAC SDN address lists shipped in data/compliance (see data/PROVENANCE.md): one file per asset,
 * `sanctioned_addresses_<ASSET>.txt`, and snapshot.json saying when it was taken and from where. Read once at start;
 * a broken shipped file stops the start rather than leaving a list out.
 */

export const SHIPPED_SANCTIONS_DIR = fileURLToPath(new URL("../../../../data/compliance/", import.meta.url));

const FILE = /^sanctioned_addresses_([A-Z0-9]{2,10})\.txt$/;

const snapshotSchema = z.object({ asOf: z.iso.date(), source: z.string().min(1) });

export interface ShippedSanctions {
  /** the day the snapshot was taken */
  asOf: Date;
  source: string;
  /** addresses by asset (ETH, TRX, XBT, ...) */
  lists: ReadonlyMap<string, readonly string[]>;
}

export function loadShippedSanctions(dir: string = SHIPPED_SANCTIONS_DIR): ShippedSanctions {
  const snapshot = snapshotSchema.parse(JSON.parse(readFileSync(path.join(dir, "snapshot.json"), "utf8")));
  const lists = new Map<string, readonly string[]>();
  for (const name of readdirSync(dir).sort()) {
    const asset = FILE.exec(name)?.[1];
    if (!asset) continue;
    const parsed = parseAddressList(readFileSync(path.join(dir, name), "utf8"));
    if (!parsed.ok) throw new Error(`${path.join(dir, name)}: ${parsed.reason}`);
    lists.set(asset, parsed.addresses);
  }
  if (lists.size === 0) throw new Error(`${dir}: no sanctioned_addresses_<ASSET>.txt`);
  return { asOf: new Date(`${snapshot.asOf}T00:00:00Z`), source: snapshot.source, lists };
}
