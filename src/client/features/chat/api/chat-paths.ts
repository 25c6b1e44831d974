import { routes } from "../../../../contract/routes.ts";

/** The chat's paths under /v2/api (spec §7; the contract's route table, shapes in contract/chat.ts). */
export const chatPaths = {
  send: routes.chatSend.path,
  stop: routes.chatStop.path,
  msgGroupList: routes.getMsgGroupList.path,
  messageList: routes.getMessageList.path,
  delMsgGroupList: routes.delMsgGroupList.path,
  delMessages: routes.delMessages.path,
  userRate: routes.userRate.path,
  polish: routes.instructionPolish.path,
  recommend: routes.chatRecommend.path,
  swapQuestions: routes.getSwapAgentQuestion.path,
  shareMessages: routes.shareMessages.path,
  getShareMessages: routes.getShareMessages.path,
  imageListUpload: routes.imageListUpload.path,
  pdfUpload: routes.pdfUpload.path,
} as const;

export type ChatLanguage = "en" | "cn";

/** The chat API names Chinese "cn" (spec §7); the app's locale is "zh". */
export function chatLanguage(locale: string): ChatLanguage {
  return locale.startsWith("zh") ? "cn" : "en";
}
