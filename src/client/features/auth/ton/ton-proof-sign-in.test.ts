import { describe, expect, it, vi } from "vitest";
import type { TonLoginBody } from "../../../../contract/auth.ts";
import {
  signInWithTonConnect,
  TonConnectCancelled,
  type TonConnectedWallet,
  type TonConnectLike,
  TonProofMissing,
} from "./ton-proof-sign-in.ts";

const proof = {
  timestamp: 1_900_000_000,
  domain: { lengthBytes: 15, value: "app.example.com" },
  payload: "p".repeat(64),
  signature: "c2lnbmF0dXJl",
};
const wallet: TonConnectedWallet = {
  account: { address: `0:${"ab".repeat(32)}`, chain: "-239", walletStateInit: "te6cc", publicKey: "cd".repeat(32) },
  connectItems: { tonProof: { name: "ton_proof", proof } },
};

/** A fake TonConnectUI: `act` runs once the modal opens (a wallet connects, the user closes it, ...). */
function fakeUi(act: (ui: { connect(w: TonConnectedWallet): void; close(reason?: string): void }) => void) {
  let statusListener: ((w: TonConnectedWallet | null) => void) | undefined;
  let modalListener: ((s: { status: "opened" | "closed"; closeReason?: string | null }) => void) | undefined;
  const parameters: unknown[] = [];
  const ui: TonConnectLike & { parameters: unknown[] } = {
    parameters,
    connected: false,
    setConnectRequestParameters: (value) => parameters.push(value),
    openModal: async () => {
      modalListener?.({ status: "opened" });
      act({
        connect: (w) => {
          modalListener?.({ status: "closed", closeReason: "wallet-selected" });
          statusListener?.(w);
        },
        close: (reason = "action-cancelled") => modalListener?.({ status: "closed", closeReason: reason }),
      });
    },
    closeModal: vi.fn(),
    disconnect: vi.fn(async () => undefined),
    onStatusChange: (callback) => {
      statusListener = callback;
      return () => {
        statusListener = undefined;
      };
    },
    onModalStateChange: (callback) => {
      modalListener = callback;
      return () => {
        modalListener = undefined;
      };
    },
  };
  return ui;
}

const getPayload = async () => ({ payload: "p".repeat(64), expiresAt: "2030-01-01T00:15:00.000Z" });

describe("TON Connect sign-in glue", () => {
  it("asks for a ton_proof of the server's payload and logs in with the account and proof", async () => {
    const ui = fakeUi(({ connect }) => connect(wallet));
    const login = vi.fn(async (_body: TonLoginBody) => ({ user_token: "t", user_id: "5", account: "0:abab" }));
    const result = await signInWithTonConnect(ui, { getPayload, login });
    expect(ui.parameters).toEqual([
      { state: "loading" },
      { state: "ready", value: { tonProof: "p".repeat(64) } },
      null,
    ]);
    expect(login).toHaveBeenCalledWith({
      address: wallet.account.address,
      network: "-239",
      public_key: "cd".repeat(32),
      proof: { ...proof, state_init: "te6cc" },
    });
    expect(result).toEqual({
      login: { user_token: "t", user_id: "5", account: "0:abab" },
      address: wallet.account.address,
    });
  });

  it("disconnects a wallet still connected first, for a fresh proof", async () => {
    const ui = fakeUi(({ connect }) => connect(wallet));
    Object.assign(ui, { connected: true });
    await signInWithTonConnect(ui, { getPayload, login: async () => ({ user_token: "t", user_id: "5", account: "" }) });
    expect(ui.disconnect).toHaveBeenCalledTimes(1);
  });

  it("cancels quietly when the user closes the modal", async () => {
    const ui = fakeUi(({ close }) => close());
    const login = vi.fn();
    await expect(signInWithTonConnect(ui, { getPayload, login })).rejects.toBeInstanceOf(TonConnectCancelled);
    expect(login).not.toHaveBeenCalled();
  });

  it("does not log in when the wallet returns an error in place of the proof", async () => {
    const declined: TonConnectedWallet = {
      ...wallet,
      connectItems: { tonProof: { name: "ton_proof", error: { code: 300, message: "declined" } } },
    };
    const ui = fakeUi(({ connect }) => connect(declined));
    const login = vi.fn();
    await expect(signInWithTonConnect(ui, { getPayload, login })).rejects.toBeInstanceOf(TonProofMissing);
    expect(login).not.toHaveBeenCalled();
  });
});
