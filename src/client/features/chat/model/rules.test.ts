import { describe, expect, it } from "vitest";
import { checkImages, checkPdf, formatFileSize, needsCompression } from "./attachment-rules.ts";
import { newChatId, newChatPath } from "./chat-id.ts";
import { enterAction, questionState } from "./input-rules.ts";
import { canShare, shareIntentUrl, shareSummary, toggleSelection } from "./share-rules.ts";

const MB = 1024 * 1024;
const key = (overrides: Partial<Parameters<typeof enterAction>[0]> = {}) => ({
  key: "Enter",
  shiftKey: false,
  isComposing: false,
  keyCode: 13,
  ...overrides,
});

describe("question box rules", () => {
  it("sends on Enter, not with Shift, not while an IME composes, not on a phone keyboard", () => {
    const desktop = { mobileKeyboard: false };
    expect(enterAction(key(), desktop)).toBe("send");
    expect(enterAction(key({ shiftKey: true }), desktop)).toBe("default");
    expect(enterAction(key({ isComposing: true }), desktop)).toBe("default");
    expect(enterAction(key({ keyCode: 229 }), desktop)).toBe("default");
    expect(enterAction(key(), { mobileKeyboard: true })).toBe("default");
    expect(enterAction(key({ key: "a" }), desktop)).toBe("default");
  });

  it("counts near the 5000 limit and refuses above it", () => {
    expect(questionState("  ")).toMatchObject({ blank: true, showCounter: false, over: false });
    expect(questionState("a".repeat(4499)).showCounter).toBe(false);
    expect(questionState("a".repeat(4500))).toMatchObject({ showCounter: true, over: false });
    expect(questionState("a".repeat(5000)).over).toBe(false);
    expect(questionState("a".repeat(5001)).over).toBe(true);
  });
});

describe("attachment rules", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it("takes png, jpeg and jpg up to 10 MB and at most 5, naming every refused file", () => {
    const { accepted, problems } = checkImages(
      [
        file("a.png", "image/png"),
        file("b.gif", "image/gif"),
        file("c.jpg", "image/jpeg", 10 * MB + 1),
        file("d.jpeg", ""),
        file("e.webp", ""),
        file("f.png", "image/png", 10 * MB),
        file("g.png", "image/png"),
      ],
      2,
    );
    expect(accepted.map((f) => f.name)).toEqual(["a.png", "d.jpeg", "f.png"]);
    expect(problems).toEqual([
      { kind: "imageType", name: "b.gif" },
      { kind: "imageSize", name: "c.jpg" },
      { kind: "imageType", name: "e.webp" },
      { kind: "imageCount", name: "g.png" },
    ]);
  });

  it("takes only application/pdf for PDFs and sizes them in KB below 1 MB, else MB", () => {
    expect(checkPdf(file("r.pdf", "application/pdf"))).toBeUndefined();
    expect(checkPdf(file("r.docx", "application/msword"))).toEqual({ kind: "pdfType", name: "r.docx" });
    expect(checkPdf(file("big.pdf", "application/pdf", 21 * MB))).toEqual({ kind: "pdfSize", name: "big.pdf" });
    expect(formatFileSize(512 * 1024)).toBe("512.0 KB");
    expect(formatFileSize(MB - 1)).toBe("1024.0 KB");
    expect(formatFileSize(2.5 * MB)).toBe("2.5 MB");
  });

  it("compresses images over 1 MB only", () => {
    expect(needsCompression(MB)).toBe(false);
    expect(needsCompression(MB + 1)).toBe(true);
  });
});

describe("share rules", () => {
  it("selects 1 to 6 messages and refuses a seventh", () => {
    let selection: string[] = [];
    for (const code of ["a", "b", "c", "d", "e", "f"]) selection = toggleSelection(selection, code).selection;
    expect(canShare(selection)).toBe(true);
    const seventh = toggleSelection(selection, "g");
    expect(seventh).toEqual({ selection, refused: true });
    expect(toggleSelection(selection, "c").selection).toEqual(["a", "b", "d", "e", "f"]);
    expect(canShare([])).toBe(false);
  });

  it("cuts summaries to 140 characters and builds the sites' share links", () => {
    expect(shareSummary("a".repeat(200))).toHaveLength(140);
    expect(shareSummary(" What  is\nBTC? ")).toBe("What is BTC?");
    const url = "https://ml.example/chatDetail/abc";
    expect(shareIntentUrl("x", url, "BTC?")).toBe(
      "https://twitter.com/intent/tweet?text=BTC%3F&url=https%3A%2F%2Fml.example%2FchatDetail%2Fabc",
    );
    expect(shareIntentUrl("facebook", url, "BTC?")).toBe(
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fml.example%2FchatDetail%2Fabc",
    );
    expect(shareIntentUrl("weibo", url, "BTC?")).toContain("https://service.weibo.com/share/share.php?url=");
  });
});

describe("new chat id", () => {
  it("joins the timestamp and the owner id", () => {
    expect(newChatId("u42", 1_700_000_000_000)).toBe("1700000000000u42");
    expect(newChatPath("1700000000000u42", { message: "BTC price?" })).toBe(
      "/chat/1700000000000u42?type=newChat&message=BTC+price%3F",
    );
  });
});
