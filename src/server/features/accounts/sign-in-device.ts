import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The device a request comes from, for the sign-in at its end: a visitor's chats and uploads belong to the device
 * (`v:<device number>`) and go to the account the device signs in to. Every sign-in path (email, Telegram, wallet,
 * TON, Google) ends in the sessions service, which reads the device here rather than each path passing it on.
 */
const requestDevice = new AsyncLocalStorage<string>();

/** Runs `work` (a request's handling) as coming from the device. */
export function withRequestDevice<T>(deviceNo: string, work: () => T): T {
  return requestDevice.run(deviceNo, work);
}

/** The device of the request being handled, if any. */
export function currentRequestDevice(): string | undefined {
  return requestDevice.getStore();
}
