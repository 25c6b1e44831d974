import { Component, lazy, type ReactNode, Suspense, useEffect } from "react";

// The markdown renderer (react-markdown, remark-gfm) loads with a chat, never with the home page.
const loadMarkdown = () => import("./Markdown.tsx");
const MarkdownContent = lazy(loadMarkdown);

/** Starts loading the renderer ahead of the first answer, so a finished answer is never shown as raw markdown. */
export function usePreloadMarkdown(): void {
  useEffect(() => {
    loadMarkdown().catch(() => undefined);
  }, []);
}

function PlainText({ text }: { text: string }) {
  return <div className="markdown markdown--plain">{text}</div>;
}

/** A renderer that failed to load (spec §8: lazy-load errors are only logged) leaves the plain text. */
class PlainOnError extends Component<{ text: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error("The markdown renderer failed", error);
  }

  override render(): ReactNode {
    return this.state.failed ? <PlainText text={this.props.text} /> : this.props.children;
  }
}

/** An answer's markdown; plain text (as React text, never HTML) until the renderer has loaded. */
export function MarkdownText({ text }: { text: string }) {
  return (
    <PlainOnError text={text}>
      <Suspense fallback={<PlainText text={text} />}>
        <div className="markdown">
          <MarkdownContent text={text} />
        </div>
      </Suspense>
    </PlainOnError>
  );
}
