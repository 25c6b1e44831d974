import { bodyLimit } from "hono/body-limit";
import { ErrorCode } from "../../contract/errors.ts";
import { ApiError } from "../api-error.ts";

/** Refuses bodies over `maxSize` bytes with 1001 payloadTooLarge before they are read whole. */
export function limitBody(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(ErrorCode.RequestFailed, "payloadTooLarge", 413, [], `the body is over ${maxSize} bytes`);
    },
  });
}
