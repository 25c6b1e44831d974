import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Limits } from "../../../../contract/constants.ts";
import { type AttachmentProblem, PDF_MAX_BYTES } from "../model/attachment-rules.ts";

const maxMb = Limits.chatImageMaxBytes / 1024 / 1024;
const maxImages = Limits.chatImagesMax;
const pdfMaxMb = PDF_MAX_BYTES / 1024 / 1024;

/** Each refused file named (spec §5). */
export function problemText(i18n: I18n, problem: AttachmentProblem): string {
  const name = problem.name;
  switch (problem.kind) {
    case "imageType":
      return i18n._(msg`${name}: only png, jpeg or jpg images are allowed.`);
    case "imageSize":
      return i18n._(msg`${name} is larger than ${maxMb} MB.`);
    case "imageCount":
      return i18n._(msg`${name} was not added: at most ${maxImages} images per question.`);
    case "pdfType":
      return i18n._(msg`${name}: only PDF files are allowed.`);
    case "pdfSize":
      return i18n._(msg`${name} is larger than ${pdfMaxMb} MB.`);
  }
}
