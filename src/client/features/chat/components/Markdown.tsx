import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { swapDraftOfHref } from "../../../../contract/chat.ts";
import { isAnswerImage, isFigureImage } from "../model/answer-images.ts";
import { SwapDraftCard } from "./SwapDraftCard.tsx";

/**
 * Model output as GitHub-flavoured markdown (tables, lists, links, the product's charts). It never runs as HTML:
 * raw HTML in the text is skipped (no rehype-raw), link URLs go through react-markdown's safe-protocol filter, links
 * open in a new tab without a referrer. Images load only from this server's chart figures and chat uploads
 * (relative /v2/api/chat/figure/ and /v2/api/chat/upload/ paths); any other image stays a plain link, never
 * loaded, so an answer cannot fetch a remote pixel. A link to the prefilled swap screen (an aiSwap answer's handoff)
 * is its "Review this swap" card.
 */
const components: Components = {
  a: ({ node: _node, href, children }) =>
    href && swapDraftOfHref(href) ? (
      <SwapDraftCard href={href}>{children}</SwapDraftCard>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ),
  img: ({ node: _node, src, alt }) => {
    if (typeof src !== "string" || !src) return null;
    if (!isAnswerImage(src)) {
      return (
        <a href={src} target="_blank" rel="noopener noreferrer nofollow">
          {alt || src}
        </a>
      );
    }
    // a figure's size is known, so the answer does not jump when it loads
    const size = isFigureImage(src) ? { width: 640, height: 320 } : {};
    return (
      <span className="markdown__figure">
        <img src={src} alt={alt ?? ""} loading="lazy" decoding="async" referrerPolicy="no-referrer" {...size} />
        {alt ? (
          <span className="markdown__caption" aria-hidden="true">
            {alt}
          </span>
        ) : null}
      </span>
    );
  },
  table: ({ node: _node, children }) => (
    <div className="markdown__table">
      <table>{children}</table>
    </div>
  ),
};

export default function MarkdownContent({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml components={components}>
      {text}
    </Markdown>
  );
}
