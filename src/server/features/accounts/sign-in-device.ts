import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The device a sign-in request comes from: a visitor's chats and uploads belong to the device (`v:<device
 * number>`) and go to the account the device signs in to. Every sign-in path (email, Telegram, wallet, TON,
 * Google) ends in the sessions service, which reads the device here rather than each path passing it on.
 *
 * On Node 20 an AsyncLocalStorage slows every promise of the process while it is enabled, so it is enabled only
 * while a sign-in request is being handled (sign-ins are few and rate-limited) and disabled when none is.
 */
const signInDevice = new AsyncLocalStorage<string>();
let signInsRunning = 0;

/** Handles a sign-in request (`work`) as coming from the device. */
export async function withSignInDevice<T>(deviceNo: string, work: () => Promise<T>): Promise<T> {
  signInsRunning += 1;
  try {
    return await signInDevice.run(deviceNo, work);
  } finally {
    signInsRunning -= 1;
    if (signInsRunning === 0) signInDevice.disable();
  }
}

/** The device of the sign-in request being handled, if any. */
export function currentSignInDevice(): string | undefined {
  return signInDevice.getStore();
}
