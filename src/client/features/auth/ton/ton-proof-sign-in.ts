import type { LoginData, TonLoginBody, TonProofPayloadData } from "../../../../contract/auth.ts";

/** The slice of TonConnectUI (@tonconnect/ui) the sign-in uses, so it can be tested without the SDK. */
export interface TonConnectLike {
  readonly connected: boolean;
  setConnectRequestParameters(
    parameters: { state: "loading" } | { state: "ready"; value: { tonProof: string } } | null,
  ): void;
  openModal(): Promise<void>;
  closeModal(): void;
  disconnect(): Promise<void>;
  onStatusChange(callback: (wallet: TonConnectedWallet | null) => void, errors?: (error: unknown) => void): () => void;
  onModalStateChange(
    onChange: (state: { status: "opened" | "closed"; closeReason?: string | null }) => void,
  ): () => void;
}

export interface TonConnectedWallet {
  account: { address: string; chain: string; walletStateInit: string; publicKey?: string };
  connectItems?: {
    tonProof?:
      | { name: "ton_proof"; proof: Omit<TonLoginBody["proof"], "state_init"> }
      | { name: "ton_proof"; error: { code: number; message?: string | undefined } };
  };
}

/** The user closed the wallet list before a wallet connected: nothing to say. */
export class TonConnectCancelled extends Error {
  override name = "TonConnectCancelled";
}

/** The wallet connected but sent no ton_proof (or an error in its place). */
export class TonProofMissing extends Error {
  override name = "TonProofMissing";
}

export interface TonSignInDeps {
  getPayload: () => Promise<TonProofPayloadData>;
  login: (body: TonLoginBody) => Promise<LoginData>;
}

export interface TonSignInResult {
  login: LoginData;
  /** raw form "0:<hex>" */
  address: string;
  walletName?: string;
}

/** What tonLogin takes, from the wallet TON Connect reports. */
export function tonLoginBody(wallet: TonConnectedWallet): TonLoginBody {
  const reply = wallet.connectItems?.tonProof;
  if (!reply || !("proof" in reply)) throw new TonProofMissing("the wallet sent no ton_proof");
  const network = wallet.account.chain === "-3" ? "-3" : "-239";
  return {
    address: wallet.account.address,
    network,
    ...(wallet.account.publicKey ? { public_key: wallet.account.publicKey } : {}),
    proof: { ...reply.proof, state_init: wallet.account.walletStateInit },
  };
}

/**
 * TON Connect sign-in: fetch a single-use payload, ask the wallet to sign it into a ton_proof while it
 * connects, then log in with the proof (the server checks it against the wallet's state_init).
 * A wallet still connected from before is disconnected first: its old proof cannot be used again.
 */
export async function signInWithTonConnect(ui: TonConnectLike, deps: TonSignInDeps): Promise<TonSignInResult> {
  if (ui.connected) await ui.disconnect();
  ui.setConnectRequestParameters({ state: "loading" });
  const payload = await deps.getPayload();
  ui.setConnectRequestParameters({ state: "ready", value: { tonProof: payload.payload } });

  const stops: (() => void)[] = [];
  try {
    const wallet = await new Promise<TonConnectedWallet>((resolve, reject) => {
      stops.push(
        ui.onStatusChange(
          (connected) => {
            if (connected) resolve(connected);
          },
          (error) => reject(error),
        ),
        ui.onModalStateChange((state) => {
          // "wallet-selected" closes the list while the wallet asks the user; only a cancel ends here
          if (state.status === "closed" && state.closeReason !== "wallet-selected") {
            reject(new TonConnectCancelled("the TON Connect modal was closed"));
          }
        }),
      );
      void ui.openModal().catch(reject);
    });
    const login = await deps.login(tonLoginBody(wallet));
    return { login, address: wallet.account.address };
  } finally {
    for (const stop of stops) stop();
    ui.setConnectRequestParameters(null);
  }
}
