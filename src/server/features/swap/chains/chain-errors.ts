import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from "viem";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";

/** The errors of the chain reads: a chain the table does not have (or cannot read), and a node that failed. */

export function chainNotSupported(chainId: number): ApiError {
  return new ApiError(
    ErrorCode.RequestFailed,
    "chainNotSupported",
    400,
    [{ field: "chainId", key: "chainNotSupported" }],
    `chain ${chainId} is not in the chain table`,
  );
}

export function nodeUnavailable(netWork: string, cause?: unknown): ApiError {
  const error = new ApiError(
    ErrorCode.RequestFailed,
    "balancesUnavailable",
    502,
    [],
    `the ${netWork} node did not answer`,
  );
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * The node could not be reached, did not answer in time, or refused the request (rate limits, bad batches), as
 * opposed to a contract call that reverted or found no contract: those are answers about the token.
 */
export function isNodeFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return true;
  if (error.walk((inner) => inner instanceof HttpRequestError || inner instanceof TimeoutError) !== null) return true;
  const rpc = error.walk((inner) => inner instanceof RpcRequestError);
  if (rpc instanceof RpcRequestError) return !(rpc.code === 3 || /revert/i.test(rpc.details));
  return false;
}
