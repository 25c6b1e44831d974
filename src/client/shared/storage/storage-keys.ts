/** Every localStorage key the web app uses, in one place (spec §3 "persisted locally"). */
export const StorageKeys = {
  deviceNo: "deviceNo",
  token: "token",
  lang: "lang",
  answerModel: "answerModel",
} as const;
