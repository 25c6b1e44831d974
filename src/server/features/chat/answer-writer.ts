/**
 * Writes a growing answer to the database without a write per token: at most every `ms`, or sooner once
 * `chars` new characters arrived, and a last write with the final status. Writes run one after another, so an
 * older text never overwrites a newer one.
 */

export interface AnswerWriterOptions<Final> {
  /** writes the text so far */
  write(content: string): Promise<void>;
  /** writes the end: text, status and the rest */
  writeFinal(values: Final): Promise<void>;
  ms: number;
  chars: number;
  onError(error: unknown): void;
}

export interface AnswerWriter<Final> {
  /** the text so far (the whole of it, not a delta) */
  grow(content: string): void;
  /** waits for the writes under way, then writes the end */
  finish(values: Final): Promise<void>;
}

export function createAnswerWriter<Final>(options: AnswerWriterOptions<Final>): AnswerWriter<Final> {
  let chain: Promise<void> = Promise.resolve();
  let latest = "";
  let written = 0;
  let lastWriteAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (finished || latest.length === written) return;
    const snapshot = latest;
    written = snapshot.length;
    lastWriteAt = Date.now();
    chain = chain.then(() => options.write(snapshot)).catch(options.onError);
  };

  return {
    grow(content) {
      if (finished) return;
      latest = content;
      const due = Date.now() - lastWriteAt >= options.ms || latest.length - written >= options.chars;
      if (due) flush();
      // text that arrives just before a pause (a tool call, a slow model) is still written within `ms`
      else timer ??= setTimeout(flush, Math.max(0, options.ms - (Date.now() - lastWriteAt)));
    },
    async finish(values) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await chain;
      await options.writeFinal(values);
    },
  };
}
