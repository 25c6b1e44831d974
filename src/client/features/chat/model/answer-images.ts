import { CHAT_FIGURE_PATH_PREFIX, CHAT_UPLOAD_PATH_PREFIX } from "../../../../contract/chat.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/**
 * The images an answer may load: this server's own chart figures and chat uploads, as relative paths. One file name
 * (no further slash, not starting with a dot) and a plain query; anything else (another host, `//host`, a data or
 * blob URL, `..` or encoded slashes) is not loaded.
 */
const ANSWER_IMAGE = new RegExp(
  `^(?:${[CHAT_FIGURE_PATH_PREFIX, CHAT_UPLOAD_PATH_PREFIX].map(escapeRegExp).join("|")})[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\\?[A-Za-z0-9._~=&%-]*)?$`,
);

export function isAnswerImage(src: string): boolean {
  return ANSWER_IMAGE.test(src);
}

/** A chart figure (drawn 640 × 320), whose size is known before it loads. */
export const isFigureImage = (src: string) => isAnswerImage(src) && src.startsWith(CHAT_FIGURE_PATH_PREFIX);
