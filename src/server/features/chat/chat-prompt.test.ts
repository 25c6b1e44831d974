import { describe, expect, it } from "vitest";
import { absoluteImageUrl, buildMessages, PDF_CHARS_PER_FILE, pdfContext, systemPrompt } from "./chat-prompt.ts";

const vision = { vision: true, tools: true };
const textOnly = { vision: false, tools: true };

describe("chat prompt", () => {
  it("names the language, the time and the rule about figures", () => {
    const prompt = systemPrompt({
      language: "cn",
      mode: "deepThink",
      now: new Date("2025-05-01T00:00:00Z"),
      model: vision,
    });
    expect(prompt).toContain("Simplified Chinese");
    expect(prompt).toContain("2025-05-01T00:00:00.000Z");
    expect(prompt).toContain("never invent a figure");
    expect(
      systemPrompt({ language: "en", mode: "search", now: new Date(), model: { vision: false, tools: false } }),
    ).toContain("no access to this product's market data");
  });

  it("lets models with the tools embed a tool's figure by its own URL, and no other image", () => {
    const withTools = systemPrompt({ language: "en", mode: "search", now: new Date(), model: textOnly });
    expect(withTools).toContain("![alt](url)");
    expect(withTools).toContain("url exactly as given");
    expect(withTools).toContain("never invent");
    const without = systemPrompt({
      language: "en",
      mode: "search",
      now: new Date(),
      model: { vision: true, tools: false },
    });
    expect(without).not.toContain("![alt](url)");
    expect(without).toContain("Do not embed images");
  });

  it("gives the last history messages with text, opening with the user, then the question", () => {
    const history = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: i === 29 ? "" : `m${i}`,
    }));
    const messages = buildMessages(history, { question: "now?", images: [], pdfs: [] }, textOnly, undefined);
    expect(messages).toHaveLength(20);
    expect(messages[0]).toEqual({ role: "user", content: "m10" });
    expect(messages[19]).toEqual({ role: "user", content: [{ type: "text", text: "now?" }] });
  });

  it("shows images by URL to vision models only, resolving server paths against the public URL", () => {
    const input = {
      question: "what is this?",
      images: ["/v2/api/chat/upload/a.png", "https://cdn.example/b.jpg"],
      pdfs: [],
    };
    const [seen] = buildMessages([], input, vision, "https://app.example");
    expect(seen?.content).toEqual([
      { type: "text", text: "what is this?" },
      { type: "image", image: new URL("https://app.example/v2/api/chat/upload/a.png") },
      { type: "image", image: new URL("https://cdn.example/b.jpg") },
    ]);
    const [unseen] = buildMessages([], input, textOnly, undefined);
    expect(unseen?.content).toEqual([
      {
        type: "text",
        text: "[The user attached 2 image(s) this model cannot see: /v2/api/chat/upload/a.png, https://cdn.example/b.jpg]\n\nwhat is this?",
      },
    ]);
    expect(absoluteImageUrl("/x.png", undefined)).toBeUndefined();
    expect(absoluteImageUrl("javascript:alert(1)", "https://app.example")).toBeUndefined();
  });

  it("adds PDF text to the question, cut to its share and marked", () => {
    const long = "x".repeat(PDF_CHARS_PER_FILE + 10);
    const context = pdfContext([
      { name: "report.pdf", text: "Revenue rose 12%." },
      { name: "big.pdf", text: long },
      { name: "scan.pdf", text: "  " },
    ]);
    expect(context).toContain('[Attached PDF "report.pdf"]\nRevenue rose 12%.\n[End of "report.pdf"]');
    expect(context).toContain(`[Attached PDF "big.pdf", first ${PDF_CHARS_PER_FILE} of ${long.length} characters]`);
    expect(context).toContain('"scan.pdf": it has no text layer');
    const [message] = buildMessages(
      [],
      { question: "summarise", images: [], pdfs: [{ name: "a.pdf", text: "hello" }] },
      textOnly,
      undefined,
    );
    expect(message?.content).toEqual([
      { type: "text", text: '[Attached PDF "a.pdf"]\nhello\n[End of "a.pdf"]\n\nsummarise' },
    ]);
  });
});
