import { FAQ, FAQ_SOURCE, findFaqEntry } from "../tools/faq.ts";
import type { AnswerLanguage } from "./format.ts";

/** The customer service answer: the best FAQ entry, or that the help has no answer and where feedback goes. */
export function faqAnswer(question: string, language: AnswerLanguage): string {
  const entry = findFaqEntry(question);
  const c = language === "zh";
  if (!entry) {
    const topics = FAQ.map((e) => e[language].question).join(c ? "、" : "; ");
    return c
      ? `帮助里没有这个问题的答案，我不想猜。你可以在菜单里的“反馈”把问题发给团队。\n\n我能回答的问题：${topics}`
      : `The help has no answer to that, and I'd rather not guess. You can send the question to the team with Feedback in the menu.\n\nQuestions I can answer: ${topics}`;
  }
  const text = entry[language];
  return `**${text.question}**\n\n${text.answer}\n\n${c ? `来源：${FAQ_SOURCE}` : `Source: ${FAQ_SOURCE}`}`;
}
