import type { z } from "zod";
import {
  chatStopDataSchema,
  deletedDataSchema,
  imageListUploadDataSchema,
  pdfUploadDataSchema,
  polishDataSchema,
  shareMessagesDataSchema,
  userRateDataSchema,
} from "../../../../contract/chat.ts";
import { http } from "../../../shared/api/http.ts";
import { type ChatLanguage, chatPaths } from "./chat-paths.ts";

/** POST chat/stop: the server ends the model call and keeps the partial answer. */
export function stopChat(msggroup: string) {
  return http.post(chatPaths.stop, { parse: (data) => chatStopDataSchema.parse(data), json: { msggroup } });
}

/** POST delMsgGroupList: deletes whole chats. */
export function deleteChatGroups(msggroup: readonly string[]) {
  return http.post(chatPaths.delMsgGroupList, {
    parse: (data) => deletedDataSchema.parse(data),
    json: { msggroup },
  });
}

/** POST delMessages: deletes single questions or answers. */
export function deleteMessages(code: readonly string[]) {
  return http.post(chatPaths.delMessages, { parse: (data) => deletedDataSchema.parse(data), json: { code } });
}

/** POST userRate?code&rate (spec §7: the query carries them): 1 up, -1 down, 0 none. */
export function rateAnswer(code: string, rate: -1 | 0 | 1) {
  const query = new URLSearchParams({ code, rate: String(rate) });
  return http.post(`${chatPaths.userRate}?${query}`, { parse: (data) => userRateDataSchema.parse(data) });
}

/** GET instruction/polish: the question rewritten by the model. */
export function polishInstruction(instruction: string, language: ChatLanguage) {
  return http.get(chatPaths.polish, {
    parse: (data) => polishDataSchema.parse(data),
    searchParams: { instruction, language },
  });
}

/** POST shareMessages: a public snapshot of 1 to 6 messages. */
export function shareMessages(msggroup: string, messages: readonly string[]) {
  return http.post(chatPaths.shareMessages, {
    parse: (data) => shareMessagesDataSchema.parse(data),
    json: { msggroup, messages },
  });
}
export type SharedLink = z.infer<typeof shareMessagesDataSchema>;

export interface ImageUpload {
  type: string;
  base64content: string;
  name: string;
}

/** POST imageListUpload: spec §5, the answer must carry a non-empty files_url (else updataError). */
export function uploadImages(images: readonly ImageUpload[]) {
  return http.post(chatPaths.imageListUpload, {
    parse: (data) => imageListUploadDataSchema.parse(data),
    json: { image_list: images },
  });
}

/** POST pdfUpload: the server extracts the text that the model reads as context. */
export function uploadPdf(file: ImageUpload) {
  return http.post(chatPaths.pdfUpload, { parse: (data) => pdfUploadDataSchema.parse(data), json: file });
}
export type UploadedPdf = z.infer<typeof pdfUploadDataSchema>;
