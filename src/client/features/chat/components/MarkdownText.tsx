import { Component, type ComponentType, type ReactNode, useEffect, useState } from "react";
import { preloadable } from "../../../shared/ui/lazy-load.tsx";
import { copyText } from "../model/copy-text.ts";

// The markdown renderer (react-markdown, remark-gfm) loads with a chat, never with the home page.
const renderer = preloadable(() => import("./Markdown.tsx").then((module) => module.default));

/** Starts loading the renderer ahead of the first answer, so an answer's first paint is already rendered. */
export function usePreloadMarkdown(): void {
  useEffect(() => {
    renderer.preload().catch(() => undefined);
  }, []);
}

type Renderer = ComponentType<{ text: string }>;
type RendererState = { kind: "ready"; render: Renderer } | { kind: "loading" } | { kind: "failed" };

/**
 * The renderer itself, with no Suspense in between: React.lazy would first show a fallback and then hold it back
 * for up to 300 ms even when the code is already there. Until it has loaded (only when an answer comes before it)
 * the answer shows nothing, never its raw markdown; a renderer that failed to load (spec §8: lazy-load errors are
 * only logged) leaves the answer as plain text.
 */
function useRenderer(): RendererState {
  const [state, setState] = useState<RendererState>(() => {
    const loaded = renderer.loaded();
    return loaded ? { kind: "ready", render: loaded } : { kind: "loading" };
  });
  useEffect(() => {
    if (state.kind !== "loading") return;
    let current = true;
    renderer.preload().then(
      () => {
        const loaded = renderer.loaded();
        if (current && loaded) setState({ kind: "ready", render: loaded });
      },
      (error: unknown) => {
        console.error("The markdown renderer failed to load", error);
        if (current) setState({ kind: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [state.kind]);
  return state;
}

function PlainText({ text }: { text: string }) {
  return <div className="markdown markdown--plain">{copyText(text)}</div>;
}

/** A renderer that failed while rendering leaves the plain text too. */
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

/** An answer's markdown, rendered from its first paint (never shown as raw markdown). */
export function MarkdownText({ text }: { text: string }) {
  const state = useRenderer();
  if (state.kind === "failed") return <PlainText text={text} />;
  if (state.kind === "loading") return <div className="markdown markdown--loading" aria-busy="true" />;
  const Render = state.render;
  return (
    <PlainOnError text={text}>
      <div className="markdown">
        <Render text={text} />
      </div>
    </PlainOnError>
  );
}
