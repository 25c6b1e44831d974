import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Model output as GitHub-flavoured markdown (tables, lists, links). It never runs as HTML: raw HTML in the
 * text is skipped (no rehype-raw), link URLs go through react-markdown's safe-protocol filter, links open
 * in a new tab without a referrer, and images become plain links so an answer cannot load a remote pixel.
 */
const components: Components = {
  a: ({ node: _node, href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ node: _node, src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {alt || src}
      </a>
    ) : null,
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
