import { ErrorCode } from "../../../contract/errors.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import { ApiError } from "../../api-error.ts";

/** The AI wallet's refusals (spec §8 codes; the message keys say why to the user). */

/** no master key configured: the AI wallet cannot be used on this server */
export const aiWalletUnavailable = () =>
  new ApiError(ErrorCode.RequestFailed, "aiWalletUnavailable", 409, [], "the AI wallet is not available here");

/** spec §6: only accounts that sign in with email hold an AI wallet */
export const aiWalletEmailOnly = () =>
  new ApiError(ErrorCode.RequestFailed, "aiWalletEmailOnly", 403, [], "the AI wallet needs an email sign-in");

export const aiWalletMissing = () =>
  new ApiError(ErrorCode.RequestFailed, "aiWalletMissing", 404, [], "this account has no AI wallet yet");

/** 3001 on the field: a destination (or sender) the withdrawal may not use */
export const addressRefused = (field: string, key: MessageKey, message: string) =>
  new ApiError(ErrorCode.InvalidDestinationAddress, key, 400, [{ field, key }], message);

export const fieldError = (field: string, key: MessageKey, message: string, status: 400 | 404 | 409 = 400) =>
  new ApiError(ErrorCode.RequestFailed, key, status, [{ field, key }], message);

export const withdrawalClosed = () =>
  fieldError("withdrawId", "withdrawalClosed", "the withdrawal was sent, cancelled or its code expired", 409);

export const withdrawalNotFound = () =>
  fieldError("withdrawId", "aiOrderNotFound", "no such withdrawal of this account", 404);
