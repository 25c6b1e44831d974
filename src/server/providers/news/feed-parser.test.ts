import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FEED_CONTENT_MAX, FeedFormatError, parseFeed, parseFeedDate, plainText } from "./feed-parser.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const FEED_URL = "https://feeds.example/news/rss";

const rss = (items: string, channel = "<title>Test Feed</title>") =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel>${channel}${items}</channel></rss>`;

const refusal = (text: string) => {
  try {
    parseFeed(text, FEED_URL);
  } catch (error) {
    expect(error).toBeInstanceOf(FeedFormatError);
    return (error as FeedFormatError).message;
  }
  throw new Error("the document was read");
};

describe("RSS 2.0 (Cointelegraph's layout)", () => {
  const feed = parseFeed(fixture("cointelegraph.rss.xml"), "https://cointelegraph.com/rss");

  it("reads the feed's title as the source and every item in order", () => {
    expect(feed.format).toBe("rss2");
    expect(feed.source).toBe("Cointelegraph.com News");
    expect(feed.entries.map((entry) => entry.publishedAt)).toEqual([
      "2024-06-21T14:15:30.000Z",
      "2024-06-21T13:54:44.000Z",
      "2024-06-21T13:53:49.000Z",
      "2024-06-21T13:22:24.000Z",
      "2024-06-21T11:59:00.000Z",
      "2024-06-21T11:39:00.000Z",
    ]);
  });

  it("trims CDATA titles, decodes character references and keeps the link", () => {
    expect(feed.entries[0]).toEqual({
      title: "Nigerian SEC announces new rules, compliance program for digital assets",
      content:
        "The Nigerian Securities and Exchange Commission (SEC) has amended its rules on Digital Asset Issuance, Offering Platforms, Exchange and Custody.",
      url: "https://cointelegraph.com/news/nigerian-sec-announces-new-rules-compliance-program-for-digital-assets",
      publishedAt: "2024-06-21T14:15:30.000Z",
    });
    expect(feed.entries[4]?.title).toBe("Customers protest exchange bankruptcy plan: ‘We never gave FTX our coins!’");
    expect(feed.entries[5]?.title).toBe("What is Tether’s gold-backed stablecoin, ‘Alloy’ (aUSD₮)?");
  });

  it("turns HTML descriptions into plain text: images, scripts and tags gone, entities decoded", () => {
    expect(feed.entries[3]?.content).toBe(
      "On June 21, Bitcoin experienced a 2.30% drop, reaching $63,500, its lowest level in over a month. This decline was linked to a series of outflows from Bitcoin’s spot exchange-traded funds (ETFs) & a noticeable decrease in BTC market dominance as altcoins gained traction.",
    );
    // escaped HTML (not CDATA) with a double-escaped entity
    expect(feed.entries[4]?.content).toBe(
      "Some FTX customers are objecting to the troubled exchange’s Dec. 16 proposed bankruptcy plan, stating that it violates their property rights.",
    );
    // a description that is only an image has no content
    expect(feed.entries[5]?.content).toBeNull();
  });
});

describe("Atom", () => {
  const feed = parseFeed(fixture("theblock.atom.xml"), "https://www.theblock.co/atom.xml");
  const [liquidations, osmosis, memecoins, chartered, , consensys] = feed.entries;

  it("reads entries with their alternate links, never enclosures", () => {
    expect(feed.format).toBe("atom");
    expect(feed.source).toBe("The Block");
    expect(feed.entries).toHaveLength(6);
    expect(liquidations).toEqual({
      title: "Bitcoin liquidations spike as price drops below the $64,000",
      content:
        "Bitcoin long liquidations have spiked to over $27 million in the past day after a price correction saw the largest digital asset by market hover around $63,600.",
      url: "https://www.theblock.co/post/bitcoin-liquidations-spike-as-price-drops-below-the-64000",
      // published wins over updated
      publishedAt: "2024-06-21T14:06:46.000Z",
    });
    // a link without rel is the alternate; a relative one is resolved against the feed's address
    expect(osmosis?.url).toBe(
      "https://www.theblock.co/post/cosmos-dex-osmosis-dao-voting-to-adopt-fee-free-bitcoin-bridge-via-nomic",
    );
    expect(memecoins?.url).toBe(
      "https://www.theblock.co/post/political-memecoins-expected-to-see-volatility-as-trump-biden-debate-nears",
    );
  });

  it("decodes html titles, keeps xhtml content in order and reads offsets and updated", () => {
    expect(osmosis?.title).toBe("Cosmos DEX Osmosis’ DAO voting to adopt ‘fee-free’ bitcoin bridge via Nomic");
    expect(osmosis?.publishedAt).toBe("2024-06-21T13:00:03.000Z");
    expect(memecoins?.content).toBe(
      "The televised U.S. presidential debate between incumbent Joe Biden and Donald Trump will air live on June 27.",
    );
    expect(memecoins?.publishedAt).toBe("2024-06-21T11:49:39.000Z");
    expect(chartered?.publishedAt).toBe("2024-06-21T10:25:10.000Z");
  });

  it("gives no content when the summary only repeats the title", () => {
    expect(consensys?.content).toBeNull();
  });
});

describe("RSS 1.0 (RDF)", () => {
  const feed = parseFeed(fixture("digest.rdf.xml"), "https://digest.example/rss");

  it("reads items beside the channel, in the default RSS 1.0 namespace, with dc:date", () => {
    expect(feed.format).toBe("rss1");
    expect(feed.source).toBe("Crypto Headlines Digest");
    expect(feed.entries.map((entry) => entry.title)).toEqual([
      "Meme Coins Dominate Solana (SOL) DEX Volume, Here's What It Means",
      "Ripple CLO Ends Speculation on XRP's Status in California",
      "USDT on Tron Network Surpasses Visa's Daily Volume: Details",
      "Bitcoin liquidations spike as price drops below the $64,000",
      "Warning: Hackers Fake USDT on TON Deposits Amid Binance News",
      "Customers protest exchange bankruptcy plan: 'We never gave FTX our coins!'",
    ]);
    // "2024-06-21T17:49:00+02:00"
    expect(feed.entries[1]?.publishedAt).toBe("2024-06-21T15:49:00.000Z");
    expect(feed.entries[3]).toMatchObject({
      content: null,
      url: "https://www.theblock.co/post/bitcoin-liquidations-spike-as-price-drops-below-the-64000",
    });
    // content:encoded when there is no description
    expect(feed.entries[4]?.content).toBe(
      "Hackers are currently targeting the USDT on TON blockchain recharge system in an attempt to defraud crypto exchanges with fake deposits.",
    );
  });
});

describe("a Chinese feed", () => {
  it("keeps CJK text and reads +0800 dates; items without links have none", () => {
    const feed = parseFeed(fixture("zh.rss.xml"), "https://zh.example/rss");
    expect(feed.source).toBe("加密快讯");
    expect(feed.entries[0]).toEqual({
      title: "紧急提醒：有攻击者在大批量尝试TON链USDT假充值，请交易所注意防范",
      content:
        "我们的链上监控系统发现，TON链存在恶意地址：EQBPePiHXhg8XzSRe6FWsDS8s2OHLS1Z2GrW2REL56pMTIKA 此地址部署假冒的 USDT 代币合约（Metadata 数据与 官方 USDT 一样），往各大交易所进行假充值测试。",
      url: null,
      publishedAt: "2024-06-21T13:48:00.000Z",
    });
    expect(feed.entries.map((entry) => entry.url)).toEqual([null, null, null, null]);
  });
});

describe("item fields", () => {
  it("takes a guid as the link only when it is a permalink", () => {
    const feed = parseFeed(
      rss(`<item><title>A</title><guid>https://news.example/a</guid></item>
        <item><title>B</title><guid isPermaLink="false">https://news.example/b</guid></item>
        <item><title>C</title><guid>c-123</guid></item>
        <item><title>D</title><link>javascript:alert(1)</link></item>`),
      FEED_URL,
    );
    expect(feed.entries.map((entry) => entry.url)).toEqual(["https://news.example/a", null, null, null]);
  });

  it("names the source by the feed's host when the feed has no title", () => {
    const feed = parseFeed(rss("<item><title>A</title></item>", "<title> </title>"), "https://www.coindesk.com/rss/");
    expect(feed.source).toBe("coindesk.com");
  });

  it("leaves out items without a title, and gives a null date when none reads", () => {
    const feed = parseFeed(
      rss(`<item><description>no title</description></item>
        <item><title>Undated</title><pubDate>sometime soon</pubDate></item>`),
      FEED_URL,
    );
    expect(feed.entries).toEqual([{ title: "Undated", content: null, url: null, publishedAt: null }]);
  });

  it("cuts long content to an excerpt at a word", () => {
    const long = "Bitcoin rallied again. ".repeat(60);
    const [entry] = parseFeed(
      rss(`<item><title>Long</title><description>${long}</description></item>`),
      FEED_URL,
    ).entries;
    expect(entry?.content?.length).toBeLessThanOrEqual(FEED_CONTENT_MAX);
    expect(entry?.content).toMatch(/^Bitcoin rallied again\. .*[a-z]…$/);
  });

  it("falls back from description to content:encoded, and collapses whitespace in titles", () => {
    const [entry] = parseFeed(
      `<rss version="2.0" xmlns:c="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title>
        <item><title>
          Ether   ETFs
          approved</title><description><![CDATA[<img src="x.jpg">]]></description>
          <c:encoded><![CDATA[<p>The <em>SEC</em> approved&hellip;</p>]]></c:encoded></item></channel></rss>`,
      FEED_URL,
    ).entries;
    expect(entry).toMatchObject({ title: "Ether ETFs approved", content: "The SEC approved…" });
  });
});

describe("dates", () => {
  it.each([
    ["Thu, 20 Jun 2024 19:00:58 GMT", "2024-06-20T19:00:58.000Z"],
    ["Fri, 21 Jun 2024 15:15:30 +0100", "2024-06-21T14:15:30.000Z"],
    ["21 Jun 2024 09:00 EDT", "2024-06-21T13:00:00.000Z"],
    ["Fri, 21 Jun 24 13:48:00 PST", "2024-06-21T21:48:00.000Z"],
    ["Friday, 21 June 2024 13:48:00 +00:00", "2024-06-21T13:48:00.000Z"],
    ["2024-06-21T13:48:00Z", "2024-06-21T13:48:00.000Z"],
    ["2024-06-21T21:48:00.250+08:00", "2024-06-21T13:48:00.250Z"],
    ["2024-06-21T09:00:03-0400", "2024-06-21T13:00:03.000Z"],
    ["2024-06-21 13:48:00", "2024-06-21T13:48:00.000Z"],
    ["2024-06-21", "2024-06-21T00:00:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseFeedDate(text)).toBe(iso);
  });

  it.each([
    "",
    "yesterday",
    "2024",
    "Fri, 31 Jun 2024 10:00:00 GMT",
    "2024-02-30T10:00:00Z",
    "Fri, 21 Foo 2024 10:00 GMT",
  ])("refuses %j", (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });
});

describe("documents that are not feeds", () => {
  it("refuses a truncated feed whole rather than half-reading it", () => {
    expect(refusal(fixture("malformed.xml"))).toMatch(/not well-formed XML/);
  });

  it.each([
    ["an HTML page", "<!DOCTYPE html><html><head><title>Down</title></head><body><p>Maintenance</p></body></html>"],
    ["JSON", '{"items": []}'],
    ["an empty body", "  \n"],
    ["text", "Too Many Requests"],
  ])("refuses %s", (_name, text) => {
    expect(refusal(text)).toMatch(/not well-formed XML|empty document|not an RSS or Atom feed/);
  });

  it("refuses well-formed XML of another kind, and RSS without a channel", () => {
    expect(refusal('<?xml version="1.0"?><opml version="2.0"><body/></opml>')).toMatch(
      /not an RSS or Atom feed \(the root element is <opml>\)/,
    );
    expect(refusal('<rss version="2.0"><item><title>A</title></item></rss>')).toMatch(/without a <channel>/);
    expect(refusal('<feed xmlns="http://example.com/not-atom"><entry/></feed>')).toMatch(/not an RSS or Atom feed/);
  });

  it("refuses a document whose entities would expand without bound", () => {
    const big = "x".repeat(900);
    const doc = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY big "${big}">]><rss version="2.0"><channel><title>T</title><item><title>${"&big;".repeat(100)}</title></item></channel></rss>`;
    expect(refusal(doc)).toMatch(/unreadable XML/);
  });

  it("refuses element names that would pollute prototypes", () => {
    expect(refusal(rss("<item><title>A</title><__proto__>x</__proto__></item>"))).toMatch(/unreadable XML/);
  });
});

describe("plainText", () => {
  it("strips markup, comments and scripts, decodes entities and collapses whitespace", () => {
    expect(
      plainText("<p>A&amp;B&nbsp;&#x2014; &#8220;C&#8221;</p><!-- x --><style>p{}</style><br/>D &unknown; E < F"),
    ).toBe("A&B — “C” D &unknown; E < F");
  });
});
