import { describe, expect, it } from "vitest";
import { withShareMeta } from "./share-page.ts";
import { shareSummary } from "./shares.ts";

const INDEX =
  '<!doctype html><html><head><title>App</title><meta name="description" content="site"></head><body></body></html>';

describe("share page meta", () => {
  it("puts escaped Open Graph and Twitter tags in the head, replacing the page's defaults", () => {
    const html = withShareMeta(INDEX, {
      summary: `Is BTC <b>"up"</b> & what's $& next?`,
      url: "https://ml.example/chatDetail/abc",
    });
    const escaped = "Is BTC &lt;b&gt;&quot;up&quot;&lt;/b&gt; &amp; what&#39;s $&amp; next?";
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<meta property="og:description" content="${escaped}">`);
    expect(html).toContain('<meta property="og:url" content="https://ml.example/chatDetail/abc">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain(`<title>${escaped} · MountainLion</title>`);
    expect(html).not.toContain('content="site"');
    expect(html).not.toContain("<b>");
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"));
  });

  it("keeps the title short and the description whole", () => {
    const summary = shareSummary("x".repeat(300));
    const html = withShareMeta(INDEX, { summary, url: "https://ml.example/chatDetail/abc" });
    expect(html).toContain(`<meta property="og:title" content="${"x".repeat(69)}…">`);
    expect(html).toContain(`<meta property="og:description" content="${summary}">`);
  });
});

describe("share summary", () => {
  it("is the text on one line, cut to 140 characters with an ellipsis", () => {
    expect(shareSummary("  what is\n\nBTC  ")).toBe("what is BTC");
    const cut = shareSummary("a".repeat(200));
    expect(cut).toHaveLength(140);
    expect(cut.endsWith("…")).toBe(true);
    expect(shareSummary("a".repeat(140))).toBe("a".repeat(140));
  });

  it("counts characters, not UTF-16 units, so emoji and Chinese are never split", () => {
    const cut = shareSummary("比特币🚀".repeat(50));
    expect(Array.from(cut)).toHaveLength(140);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
