import { getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { inboundOfBlock, inboundOfLogs, nextRange, toFreeze } from "./inbound-scan.ts";

const WALLET = getAddress(`0x${"a1".repeat(20)}`);
const OTHER = getAddress(`0x${"b2".repeat(20)}`);
const LISTED = getAddress(`0x${"c3".repeat(20)}`);
const CLEAN = getAddress(`0x${"d4".repeat(20)}`);
const TOKEN = getAddress(`0x${"e5".repeat(20)}`);
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const watched = new Map([[WALLET.toLowerCase(), { userId: 7 }]]);
const sanctions = { isSanctioned: (address: string) => address.toLowerCase() === LISTED.toLowerCase() };

describe("the inbound scan's range", () => {
  it("reads from the block after the cursor to the head, at most the cap a pass", () => {
    expect(nextRange(100n, 100n, 200)).toBeUndefined();
    expect(nextRange(100n, 99n, 200)).toBeUndefined();
    expect(nextRange(100n, 101n, 200)).toEqual({ from: 101n, to: 101n });
    expect(nextRange(100n, 150n, 200)).toEqual({ from: 101n, to: 150n });
    // a long gap catches up over passes
    expect(nextRange(100n, 1_000n, 200)).toEqual({ from: 101n, to: 300n });
    expect(nextRange(300n, 1_000n, 200)).toEqual({ from: 301n, to: 500n });
  });
});

describe("the transfers it reads", () => {
  it("takes the Transfer logs to a watched wallet with a value, of any token", () => {
    const log = (to: string, value: bigint | undefined, index: number | null = 3) => ({
      address: TOKEN.toLowerCase(),
      args: { from: LISTED, to, value },
      logIndex: index,
      transactionHash: hash(1),
      blockNumber: 12n,
    });
    expect(
      inboundOfLogs(
        [log(WALLET.toLowerCase(), 5n), log(OTHER, 9n), log(WALLET, 0n), log(WALLET, undefined), log(WALLET, 4n, null)],
        watched,
      ),
    ).toEqual([{ token: TOKEN, from: LISTED, to: WALLET, amount: 5n, txHash: hash(1), logIndex: 3, blockNumber: 12n }]);
  });

  it("takes the transactions that send the chain's coin to a watched wallet (log index -1)", () => {
    const found = inboundOfBlock(
      20n,
      [
        { hash: hash(1), from: LISTED, to: WALLET, value: 10n },
        { hash: hash(2), from: LISTED, to: OTHER, value: 10n },
        { hash: hash(3), from: LISTED, to: WALLET, value: 0n },
        { hash: hash(4), from: LISTED, to: null, value: 10n },
      ],
      watched,
    );
    expect(found).toEqual([
      {
        token: NATIVE_TOKEN_ADDRESS,
        from: LISTED,
        to: WALLET,
        amount: 10n,
        txHash: hash(1),
        logIndex: -1,
        blockNumber: 20n,
      },
    ]);
  });

  it("freezes what a listed address sent, or what a transaction of a listed address made a contract send", () => {
    const transfer = (from: string, txHash: string) => ({
      token: TOKEN,
      from,
      to: WALLET,
      amount: 1n,
      txHash,
      logIndex: 0,
      blockNumber: 1n,
    });
    const senders = new Map([
      [hash(1), LISTED],
      [hash(2), LISTED.toLowerCase()],
      [hash(3), CLEAN],
    ]);
    const frozen = toFreeze(
      [transfer(LISTED, hash(1)), transfer(OTHER, hash(2)), transfer(OTHER, hash(3)), transfer(CLEAN, hash(4))],
      senders,
      sanctions,
    );
    expect(frozen.map((row) => [row.txHash, row.listed])).toEqual([
      [hash(1), LISTED],
      [hash(2), LISTED],
    ]);
  });
});
