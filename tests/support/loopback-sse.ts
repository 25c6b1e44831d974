/**
 * The pieces a loopback OpenAI-compatible chat completions server is made of, shared by the one the chat API tests
 * start (tests/api/chat-loopback.ts) and the one the e2e server talks to (tests/e2e/model-loopback-server.ts).
 */

/** The message content of a chat completions request: text, or parts of which the text ones count. */
export type LoopbackContent = string | { type: string; text?: string }[] | null;

/** The text of a message's content: the string, or its text parts joined. */
export function contentText(content: LoopbackContent): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((part) => part.text ?? "").join("");
}

/** The text of the last user message. */
export function lastUserText(messages: readonly { role: string; content: LoopbackContent }[]): string {
  return contentText([...messages].reverse().find((message) => message.role === "user")?.content ?? "");
}

/**
 * Server-sent events of one streamed completion in OpenAI's format: `chunk` is a delta (and its finish reason),
 * `usage` the chunk with the token counts that closes a stream, `DONE` the end. `extra` fields go in every chunk
 * but the usage one (after `model`).
 */
export function completionEvents(id: string, model: string, extra: Record<string, unknown> = {}) {
  const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
  return {
    chunk: (delta: Record<string, unknown>, finish: string | null = null) =>
      event({
        id,
        object: "chat.completion.chunk",
        created: 1_746_057_600,
        model,
        ...extra,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      }),
    usage: event({
      id,
      object: "chat.completion.chunk",
      created: 1_746_057_600,
      model,
      choices: [],
      usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
    }),
    DONE: "data: [DONE]\n\n",
  };
}

/** Gates by marker: `of(marker).released` settles once `of(marker).release()` was called, before or after. */
export function releaseGates() {
  const releases = new Map<string, { released: Promise<void>; release(): void }>();
  return (marker: string) => {
    let entry = releases.get(marker);
    if (!entry) {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      entry = { released, release };
      releases.set(marker, entry);
    }
    return entry;
  };
}
