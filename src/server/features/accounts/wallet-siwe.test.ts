import { createServer } from "node:net";
import { hashMessage, recoverMessageAddress, verifyMessage } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { createEvmNode } from "../../providers/evm-rpc.ts";
import { isUri, parseAuthority } from "./rfc3986.ts";
import { parseRfc3339, type SiweExpectations, type SiweFailure, verifySiweMessage } from "./wallet-siwe.ts";

/**
 * The rules this server adds to EIP-4361 (its site, origin, chains, welcome text and clock) and the signature
 * paths; the public vectors are run by wallet-siwe.vectors.test.ts. EIP-191 vectors from the specification
 * data's vectors/eip191_personal_sign.json (wevm/viem tests at 0912a29d; the signer is the public Anvil #0 key).
 */

describe("SIWE rules beyond the vectors", () => {
  const account = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
  const other = privateKeyToAccount(`0x${"59".repeat(32)}`);
  const now = new Date("2026-03-01T12:00:00.000Z");
  const prefix = "Welcome to MountainLion! Sign this message to sign in.";
  const base = {
    address: account.address,
    domain: "app.example:8443",
    uri: "https://app.example:8443/",
    version: "1" as const,
    chainId: 1,
    nonce: "abcdef0123456789abcdef",
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60_000),
    statement: `${prefix} Timestamp: ${Math.floor(now.getTime() / 1000)}`,
  };
  const site = { origin: "https://app.example:8443" };
  const expectations: SiweExpectations = {
    site: (domain) => (domain.toLowerCase() === "app.example:8443" ? site : undefined),
    chainIds: new Set([1, 56]),
    address: account.address,
    statementPrefix: prefix,
    time: now,
    issuedAtSkewMs: 5 * 60_000,
  };

  async function check(
    changes: Partial<Parameters<typeof createSiweMessage>[0]>,
    expect_: Partial<SiweExpectations> = {},
    signer = account,
  ) {
    const message = createSiweMessage({ ...base, ...changes });
    const signature = await signer.signMessage({ message });
    return verifySiweMessage(message, signature, { ...expectations, ...expect_ });
  }

  it("accepts a message a local key signed, with the address in any case and the domain in any case", async () => {
    expect(await check({})).toMatchObject({ ok: true, message: { chainId: 1, nonce: base.nonce, signer: "account" } });
    expect(await check({}, { address: account.address.toLowerCase() })).toMatchObject({ ok: true });
    expect(await check({ domain: "APP.example:8443" })).toMatchObject({ ok: true });
    expect(await check({ scheme: "https", chainId: 56 })).toMatchObject({ ok: true, message: { chainId: 56 } });
  });

  const cases: [string, Partial<Parameters<typeof createSiweMessage>[0]>, Partial<SiweExpectations>, SiweFailure][] = [
    ["another domain", { domain: "evil.example" }, {}, "domain"],
    ["another port", { domain: "app.example:9443" }, {}, "domain"],
    ["our domain with a URI elsewhere", { uri: "https://evil.example/" }, {}, "uri"],
    ["our domain with a URI on another scheme", { uri: "http://app.example:8443/" }, {}, "uri"],
    ["a scheme on the domain line that is not the site's", { scheme: "http" }, {}, "scheme"],
    ["a chain sign-in is not offered on", { chainId: 5 }, {}, "chainId"],
    ["another claimed address", {}, { address: other.address }, "address"],
    ["a statement without the welcome text", { statement: "Sign in to something else" }, {}, "statement"],
    ["no statement", { statement: undefined }, {}, "statement"],
    ["an expiration time reached", { expirationTime: now }, {}, "expired"],
    ["a not-before time still to come", { notBefore: new Date(now.getTime() + 1000) }, {}, "notYetValid"],
    ["an Issued At ten minutes ahead", { issuedAt: new Date(now.getTime() + 10 * 60_000) }, {}, "issuedInFuture"],
    ["a wrong nonce", {}, { nonce: "zzzzzzzzzzzz" }, "nonce"],
  ];
  it.each(cases)("refuses %s", async (_name, changes, expect_, reason) => {
    expect(await check(changes, expect_)).toMatchObject({ ok: false, reason });
  });

  it("accepts an Issued At a little ahead (clock drift)", async () => {
    expect(await check({ issuedAt: new Date(now.getTime() + 60_000) })).toMatchObject({ ok: true });
  });

  it("refuses a signature by another key, and says no node is configured for a contract wallet's", async () => {
    expect(await check({}, {}, other)).toMatchObject({ ok: false, reason: "signature" });
    const message = createSiweMessage(base);
    const wrapped = `0x${"ab".repeat(200)}`;
    expect(await verifySiweMessage(message, wrapped, expectations)).toMatchObject({
      ok: false,
      reason: "signature",
      detail: expect.stringContaining("no node of chain 1"),
    });
  });

  it("tells an unreachable node apart from a bad signature", async () => {
    const port = await closedPort();
    const node = createEvmNode(1, `http://127.0.0.1:${port}`, 2_000);
    const message = createSiweMessage(base);
    const result = await verifySiweMessage(message, await other.signMessage({ message }), {
      ...expectations,
      contractSignature: () => (check) => node.verifyMessage(check),
    });
    expect(result).toMatchObject({ ok: false, reason: "nodeUnavailable" });
  });

  it("refuses text around the message, a missing chain id, version 2 and chain 0", async () => {
    const message = createSiweMessage(base);
    const signWith = async (text: string) =>
      verifySiweMessage(text, await account.signMessage({ message: text }), expectations);
    expect(await signWith(`${message}\n`)).toMatchObject({ reason: "malformed" });
    expect(await signWith(`Hello\n${message}`)).toMatchObject({ reason: "malformed" });
    expect(await signWith(message.replace("\nChain ID: 1", ""))).toMatchObject({ reason: "malformed" });
    expect(await signWith(message.replace("Version: 1", "Version: 2"))).toMatchObject({ reason: "version" });
    expect(await signWith(message.replace("Chain ID: 1", "Chain ID: 0"))).toMatchObject({ reason: "chainId" });
  });

  it("refuses a bad checksum and an all-lowercase address in the message", async () => {
    for (const spelling of [account.address.replace("f39Fd", "F39fD"), account.address.toLowerCase()]) {
      const message = createSiweMessage(base).replace(account.address, spelling);
      const result = await verifySiweMessage(message, await account.signMessage({ message }), expectations);
      expect(result).toMatchObject({ ok: false, reason: "address" });
    }
  });

  it("reads RFC 3339 times strictly", () => {
    expect(parseRfc3339("2021-09-30T16:25:24Z")?.toISOString()).toBe("2021-09-30T16:25:24.000Z");
    expect(parseRfc3339("2021-09-30T16:25:24-02:00")?.toISOString()).toBe("2021-09-30T18:25:24.000Z");
    expect(parseRfc3339("2024-02-29T00:00:00Z")).toBeDefined();
    for (const bad of [
      "2022-02-31T17:09:38.578Z",
      "2023-02-29T00:00:00Z",
      "2021-13-01T00:00:00Z",
      "2021-09-30 16:25:24Z",
      "2021-09-30T24:00:00Z",
      "1633019124",
    ]) {
      expect(parseRfc3339(bad)).toBeUndefined();
    }
  });
});

describe("RFC 3986 URIs and authorities", () => {
  it.each([
    "https://service.org/login",
    "https://[::cafe]",
    "https://127.0.0.1:4361/?query=one#begin",
    "ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu",
    "urn:isbn:0451450523",
    "mailto:someone@example.com",
    "https://user:pw@host.example/a%20b",
  ])("takes %s as a URI", (uri) => {
    expect(isUri(uri)).toBe(true);
  });

  it.each([
    ":not_a_rfc3986_valid_uri_",
    "https://service.org/login - https://service.org/login/2",
    "service.org/login",
    "https://[::zz]/",
    "https://host/%zz",
    "https://host/é",
    "",
  ])("refuses %j as a URI", (uri) => {
    expect(isUri(uri)).toBe(false);
  });

  it("reads authorities with userinfo, IPv6 and ports, and refuses what is none", () => {
    expect(parseAuthority("test@127.0.0.1:8080")).toEqual({ userinfo: "test", host: "127.0.0.1", port: 8080 });
    expect(parseAuthority("[::1]:3000")).toEqual({ userinfo: undefined, host: "[::1]", port: 3000 });
    expect(parseAuthority("service.org")).toEqual({ userinfo: undefined, host: "service.org", port: undefined });
    for (const bad of ["", "#notrfc4501", "host:99999", "[::g]", "a b", "host/path"]) {
      expect(parseAuthority(bad)).toBeUndefined();
    }
  });
});

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

const eip191 = {
  signer: {
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  },
  hashMessage: [
    {
      message: "hello world",
      expected_hash: "0xd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68",
    },
    {
      message: "🤗",
      expected_hash: "0x716ce69c5d2d629c168bc02e24a961456bdc5a362d366119305aea73978a0332",
    },
    {
      message: "0xdeadbeef",
      expected_hash: "0xefedd0a9a0294228c3977d7fbb68c7d40279f8b408cf3e24ef1823b179709e58",
    },
    {
      message: {
        raw: "0x68656c6c6f20776f726c64",
      },
      expected_hash: "0xd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68",
    },
  ],
  signatures: [
    {
      message: "hello world",
      signature:
        "0xa461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf15fe57c96f9175d6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b1b",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      expected_valid: true,
    },
    {
      message: "🥵",
      signature:
        "0x05c99bbbe9fac3ad61721a815d19d6771ad39f3e8dffa7ae7561358f20431d8e7f9e1d487c77355790c79c6eb0b0d63690f690615ef99ee3e4f25eef0317d0701b",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      expected_valid: true,
    },
    {
      message: "hello world!",
      signature:
        "0xa461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf15fe57c96f9175d6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b1b",
      address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      expected_valid: false,
    },
  ],
} as const;

describe("EIP-191 personal_sign vectors (viem)", () => {
  it.each(eip191.hashMessage.map((v) => [JSON.stringify(v.message), v] as const))("hashes %s", (_name, vector) => {
    expect(hashMessage(vector.message)).toBe(vector.expected_hash);
  });

  it.each(eip191.signatures.map((v) => [v.message, v.expected_valid, v] as const))(
    "checks the signature over %s (valid: %s)",
    async (_name, valid, vector) => {
      const recovered = await recoverMessageAddress({ message: vector.message, signature: vector.signature });
      expect(recovered === vector.address).toBe(valid);
      expect(
        await verifyMessage({ address: vector.address, message: vector.message, signature: vector.signature }),
      ).toBe(valid);
    },
  );

  it("signs the valid vectors to the same signatures with the Anvil #0 key (RFC 6979)", async () => {
    const account = privateKeyToAccount(eip191.signer.privateKey);
    expect(account.address).toBe(eip191.signer.address);
    for (const vector of eip191.signatures.filter((v) => v.expected_valid)) {
      expect(await account.signMessage({ message: vector.message })).toBe(vector.signature);
    }
  });
});
