import { randomBytes } from "node:crypto";
import type { ToolSet } from "ai";
import {
  CHAT_ANSWER_ERROR_KEY,
  type ChatCitation,
  type ChatGroup,
  type ChatMessage,
  type ChatSendBody,
} from "../../../contract/chat.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import type { StoredAttachment } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { SpeechToText } from "../../providers/speech/speech-to-text.ts";
import { createAnswerNodes, NODE_HEARTBEAT_MS } from "./answer-nodes.ts";
import { createAnswerWriter } from "./answer-writer.ts";
import { type AnswerStatus, createChatRepository } from "./chat.repository.ts";
import { buildMessages, HISTORY_MESSAGES, systemPrompt } from "./chat-prompt.ts";
import type { ChatOwner, ChatQuota } from "./chat-quota.ts";
import type { ChatEventSink } from "./chat-sse.ts";
import type { ModelRegistry, ResolvedModel } from "./model-registry.ts";
import { runModel } from "./model-run.ts";
import { agentHint } from "./mountainlion/agents.ts";
import { relatedQuestions } from "./related-questions.ts";
import { AbortReason, createRunningAnswers } from "./running-answers.ts";
import { transcribeQuestion } from "./voice-question.ts";

export type ChatLanguage = ChatSendBody["language"];

/** The product's tools for the models (the tools module), behind a port so tests can give their own. */
export interface ChatToolkit {
  /** the tools for one answer: `userId` is the signed-in user it is for (their price alarms), undefined for a visitor */
  tools(language: ChatLanguage, userId?: number): ToolSet;
  /** a one-line description of a lookup, in the chat's language */
  summary(name: string, input: unknown, language: ChatLanguage): string;
  /** where a tool's figures come from, when it says */
  citation(output: unknown): ChatCitation | null;
}

export interface ChatServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  pubsub: PubSub;
  models: ModelRegistry;
  quota: ChatQuota;
  /** no tools when absent */
  toolkit?: ChatToolkit;
  /** the model may stay silent this long (before its first part, or between parts) before the answer fails */
  timeoutMs: number;
  /** resolves uploaded images' server paths to URLs a vendor model can fetch */
  publicUrl?: string;
  /** how often a growing answer is written: every `ms`, or sooner after `chars` new characters */
  flush?: { ms: number; chars: number };
  /** transcribes recorded questions (`base64String`); absent: the browser's own recognition sends text */
  speech?: SpeechToText;
}

/** A send that passed the checks that need no quota: the owner may write to the chat, the model answers. */
export interface PreparedSend {
  owner: ChatOwner;
  body: ChatSendBody;
  model: ResolvedModel;
  question: string;
  title: string;
  images: string[];
  pdfs: { name: string; text: string }[];
}

/** The chat title: the first question, cut to this many characters. */
export const TITLE_MAX = 100;
const DEFAULT_FLUSH = { ms: 500, chars: 2_000 };

const DEFAULT_QUESTION = {
  en: { pdf: "Summarise the attached PDF.", image: "What is in the attached image?" },
  cn: { pdf: "总结附件 PDF 的内容。", image: "附件图片里有什么？" },
} as const;

function newCode(): string {
  return randomBytes(12).toString("base64url");
}

function invalid(field: string, message: string, status: 400 | 403 = 400): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "invalidValue", status, [{ field, key: "invalidValue" }], message);
}

function cutTitle(text: string): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX).join("")}…` : chars.join("");
}

/**
 * AI chat: answers streamed from the chosen model with the product's tools, stored as they stream, stoppable
 * from any node; quotas counted only for answers that start; the owner's history.
 */
/**
 * The backstop: an answer still streaming this long after it began was left by a node that went away (answers
 * written before nodes were recorded, or a node whose lease somehow stays).
 */
const ABANDONED_AFTER_MS = 3_600_000;

export function createChatService(deps: ChatServiceDeps) {
  const { clock, logger, models, quota, toolkit } = deps;
  const repo = createChatRepository(deps.db);
  const running = createRunningAnswers(deps.pubsub, logger);
  const nodes = createAnswerNodes(deps.db, clock);
  const flushing = deps.flush ?? DEFAULT_FLUSH;
  let abandonedTimer: ReturnType<typeof setInterval> | undefined;
  let leaseTimer: ReturnType<typeof setInterval> | undefined;

  /** The chat's owner may use it; a chat that does not exist yet is anyone's to open. */
  const assertOwner = async (owner: ChatOwner, msggroup: string) => {
    const holder = await repo.groupOwner(msggroup);
    if (holder !== undefined && holder !== owner.subject) {
      throw invalid("msggroup", "msggroup: this chat belongs to someone else", 403);
    }
    return holder !== undefined;
  };

  return {
    /**
     * Starts listening for stops from other nodes, takes this node's lease, and closes as interrupted the
     * answers a process that died left streaming: at once and at every lease renewal for nodes that are gone
     * (answer-nodes.ts), and hourly any answer still streaming an hour after it began (no answer runs that
     * long: a model silent for the timeout fails it).
     */
    async start() {
      await running.start();
      const closeInterrupted = () =>
        nodes
          .closeInterrupted()
          .then((closed) => {
            if (closed > 0) logger.warn({ closed }, "answers of a server process that went away marked interrupted");
          })
          .catch((error: unknown) => logger.warn({ err: error }, "interrupted answers not closed"));
      await nodes.renew();
      await closeInterrupted();
      leaseTimer = setInterval(() => {
        nodes
          .renew()
          .catch((error: unknown) => logger.warn({ err: error }, "node lease not renewed"))
          .then(closeInterrupted);
      }, NODE_HEARTBEAT_MS);
      leaseTimer.unref();
      const closeAbandoned = () =>
        repo
          .closeAbandoned(new Date(clock.now().getTime() - ABANDONED_AFTER_MS))
          .then((closed) => {
            if (closed > 0) logger.warn({ closed }, "closed answers left streaming by a node that went away");
          })
          .catch((error: unknown) => logger.warn({ err: error }, "abandoned answers not closed"));
      await closeAbandoned();
      abandonedTimer = setInterval(() => void closeAbandoned(), ABANDONED_AFTER_MS);
      abandonedTimer.unref();
    },
    /** aborts the answers in flight (kept as stopped), waits for their last writes and gives the lease up */
    close: async () => {
      clearInterval(abandonedTimer);
      clearInterval(leaseTimer);
      await running.close();
      await nodes.release().catch((error: unknown) => logger.warn({ err: error }, "node lease not released"));
    },
    /** answers streaming on this node */
    get streaming() {
      return running.size;
    },

    /**
     * Checks a send before anything is counted or stored: the chat is the owner's (or new), the model is
     * configured, the PDFs are the owner's; a recorded question without text is transcribed (when a speech
     * port is set) and stored as if typed. Failures are request errors (1001 with the field).
     */
    async prepare(owner: ChatOwner, sent: ChatSendBody, signal?: AbortSignal): Promise<PreparedSend> {
      const images = sent.attachments.flatMap((a) => (a.type === "image" ? [a.url] : []));
      const pdfIds = sent.attachments.flatMap((a) => (a.type === "pdf" ? [a.fileId] : []));
      let body = sent;
      let question = body.question;
      if (!question && body.base64String && deps.speech) {
        question = await transcribeQuestion({ speech: deps.speech, logger }, body, signal);
        body = { ...body, question };
      }
      if (!question) {
        if (pdfIds.length > 0) question = DEFAULT_QUESTION[body.language].pdf;
        else if (images.length > 0) question = DEFAULT_QUESTION[body.language].image;
        else {
          // a recorded question without its text: the browser transcribes by default, no server port is set
          throw new ApiError(
            ErrorCode.RequestFailed,
            "notConfigured",
            400,
            [{ field: "base64String", key: "notConfigured" }],
            "base64String: speech to text is not configured on this server; send the question's text",
          );
        }
      }
      const model = models.resolve(body.model, question);
      await assertOwner(owner, body.msggroup);
      const found = await repo.pdfs(owner.subject, pdfIds);
      if (found.length !== new Set(pdfIds).size) {
        throw invalid("attachments", "attachments: no such PDF among this caller's uploads");
      }
      const pdfs = pdfIds.flatMap((id) => found.filter((pdf) => pdf.id === id));
      const firstPdf = body.attachments.find((a) => a.type === "pdf");
      return {
        owner,
        body,
        model,
        question,
        title: cutTitle(body.question || firstPdf?.name || question),
        images,
        pdfs,
      };
    },

    /**
     * Streams the answer to `sink`: start, text and tool events as they come, then done or error. The quota is
     * taken first (error 5004/20006 alone when used up) and given back when the model never started. The
     * answer is stored as it grows and kept when stopped (status stopped), cut off by a client that went away
     * (stopped) or failed (error). Never throws.
     */
    async answer(prepared: PreparedSend, sink: ChatEventSink): Promise<void> {
      const { owner, body, model } = prepared;
      const fail = (code: 1001 | 5004 | 20006, key: string, partialCode: string | null) =>
        sink.send("error", { code, key, partialCode });

      // the quota and the chat so far are read together; the question and the answer row are written while the
      // model already runs, so the first token does not wait for those writes
      const [grant, history] = await Promise.all([
        quota.take(owner).catch((error: unknown) => {
          logger.error({ err: error }, "chat quota unavailable");
          return undefined;
        }),
        repo.history(body.msggroup, HISTORY_MESSAGES).catch((error: unknown) => {
          logger.error({ err: error }, "chat history unavailable");
          return undefined;
        }),
      ]);
      if (!grant || !history) {
        if (grant?.allowed) await grant.release().catch(() => undefined);
        return void fail(ErrorCode.RequestFailed, "Serverbusy", null);
      }
      if (!grant.allowed) return void fail(grant.code, grant.key, null);

      const questionCode = newCode();
      const code = newCode();
      const now = clock.now();
      /** resolves true once the chat is claimed and both rows exist; false when the chat went to someone else */
      const stored = (async () => {
        const claimed = await repo.claimGroup({
          msggroup: body.msggroup,
          owner: owner.subject,
          title: prepared.title,
          agentId: body.agentId,
          img: prepared.images[0] ?? null,
          now,
        });
        if (!claimed) return false;
        await repo.insertExchange({
          msggroup: body.msggroup,
          question: {
            code: questionCode,
            content: body.question,
            model: model.requested,
            attachments: body.attachments satisfies StoredAttachment[],
          },
          answer: { code, model: model.id, node: nodes.id },
          now,
        });
        return true;
      })();
      // a failed write is handled after the model run; this only keeps the rejection from going unhandled
      stored.catch(() => undefined);

      const controller = new AbortController();
      const run = running.register(body.msggroup, owner.subject, controller);
      const onGone = () => controller.abort(AbortReason.disconnected);
      if (sink.signal.aborted) onGone();
      else sink.signal.addEventListener("abort", onGone, { once: true });
      try {
        sink.send("start", {
          msggroup: body.msggroup,
          questionCode,
          code,
          model: model.requested,
          answeredBy: model.name,
          remaining: grant.remaining,
        });
        const writer = createAnswerWriter<{
          content: string;
          status: AnswerStatus;
          citations: ChatCitation[];
          related: string[];
        }>({
          write: async (content) => {
            if (await stored) await repo.updateAnswer(code, { content });
          },
          writeFinal: async (values) => {
            if (await stored) await repo.updateAnswer(code, values);
          },
          ms: flushing.ms,
          chars: flushing.chars,
          onError: (error) => logger.warn({ err: error }, "chat answer write failed"),
        });
        const outcome = await runModel({
          model,
          // the chat's agent reaches every model as one more line of the system prompt, as the mode does
          system: [
            systemPrompt({
              language: body.language,
              mode: body.mode,
              now: clock.now(),
              model,
              createImg: body.createImg,
            }),
            agentHint(body.agentId),
          ]
            .filter(Boolean)
            .join("\n"),
          messages: buildMessages(history, prepared, model, deps.publicUrl),
          tools: model.tools && toolkit ? toolkit.tools(body.language, owner.userId) : undefined,
          controller,
          timeoutMs: deps.timeoutMs,
          sink,
          describeTool: (name, input) => toolkit?.summary(name, input, body.language) ?? name,
          citationOf: (output) => toolkit?.citation(output) ?? null,
          onText: (text) => writer.grow(text),
          logger,
        });
        const { status, aborted, citations } = outcome;
        const kept = await stored.catch((error: unknown) => {
          logger.error({ err: error }, "chat answer could not be stored");
          return undefined;
        });
        if (kept !== true) {
          await grant.release().catch(() => undefined);
          return void fail(ErrorCode.RequestFailed, kept === false ? "invalidValue" : "Serverbusy", null);
        }

        // only answers that started count
        if (!outcome.started) {
          await grant.release().catch((error: unknown) => logger.warn({ err: error }, "quota release failed"));
        }
        const related =
          status === "error" ? [] : relatedQuestions(prepared.question, body.language, outcome.toolInputs);
        try {
          await writer.finish({ content: outcome.text, status, citations, related });
          await repo.touchGroup(body.msggroup, clock.now());
        } catch (error) {
          logger.error({ err: error }, "chat answer end could not be stored");
        }

        if (status === "complete") {
          sink.send("done", { code, finishReason: outcome.finishReason, related, citations });
        } else if (aborted === AbortReason.stopped) {
          sink.send("done", { code, finishReason: "stopped", related, citations });
        } else if (aborted === AbortReason.shutdown) {
          fail(ErrorCode.RequestFailed, "Serverbusy", code);
        } else if (status === "error") {
          fail(ErrorCode.RequestFailed, CHAT_ANSWER_ERROR_KEY, code);
        }
        // a client that went away gets nothing more: its stream is closed
      } finally {
        sink.signal.removeEventListener("abort", onGone);
        run.finish();
      }
    },

    /** Stops the owner's answer in the chat, on whichever node streams it. */
    async stop(owner: ChatOwner, msggroup: string): Promise<{ stopped: boolean }> {
      if (!(await assertOwner(owner, msggroup))) return { stopped: false };
      const local = await running.stop(msggroup, owner.subject);
      return { stopped: local || (await repo.isStreaming(msggroup)) };
    },

    listGroups(owner: ChatOwner, page: number, pageSize: number): Promise<{ list: ChatGroup[]; total: number }> {
      return repo.listGroups(owner.subject, page, pageSize);
    },

    /** The chat's messages, oldest first; none for a chat that does not exist yet. */
    async listMessages(owner: ChatOwner, msggroup: string): Promise<{ list: ChatMessage[] }> {
      if (!(await assertOwner(owner, msggroup))) return { list: [] };
      return { list: await repo.listMessages(msggroup) };
    },

    /** Deletes the owner's chats (others' are left alone and not counted); their answers in flight stop. */
    async deleteGroups(owner: ChatOwner, msggroups: readonly string[]): Promise<{ deleted: number }> {
      const unique = [...new Set(msggroups)];
      const deleted = await repo.deleteGroups(owner.subject, unique);
      if (deleted > 0) await Promise.all(unique.map((msggroup) => running.stop(msggroup, owner.subject)));
      return { deleted };
    },

    async deleteMessages(owner: ChatOwner, codes: readonly string[]): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteMessages(owner.subject, [...new Set(codes)]) };
    },

    /** Rates one of the owner's answers: 1 up, -1 down, 0 none. */
    async rate(owner: ChatOwner, code: string, rate: number): Promise<{ code: string; rate: number }> {
      if (!(await repo.rate(owner.subject, code, rate))) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "notFound",
          404,
          [{ field: "code", key: "notFound" }],
          "code: no such answer",
        );
      }
      return { code, rate };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
