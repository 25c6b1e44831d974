import { useLingui } from "@lingui/react/macro";
import type { ChatCitation } from "../../../../contract/chat.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { Icon } from "../../../shared/ui/Icon.tsx";
import type { ToolLine } from "../model/chat-item.ts";

function citationText(citation: ChatCitation, locale: string): string {
  const at = formatDate(citation.at, locale, { withTime: true });
  return at ? `${citation.source} · ${at}` : citation.source;
}

/** The tools an answer used, one line each in the server's words ("Looked up BTC price"), with the source and time of the data. */
export function ToolLines({ tools }: { tools: readonly ToolLine[] }) {
  const { t, i18n } = useLingui();
  if (tools.length === 0) return null;
  const seen = new Map<string, number>();
  const keyed = tools.map((tool) => {
    const base = `${tool.name}|${tool.summary}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { tool, key: `${base}|${count}` };
  });
  return (
    <ul className="answer__tools" aria-label={t`Data looked up`}>
      {keyed.map(({ tool, key }) => {
        const source = tool.citation ? citationText(tool.citation, i18n.locale) : "";
        return (
          <li key={key} className="answer__tool">
            <span className="answer__tool-icon">
              <Icon name="lookup" size={14} />
            </span>
            <span>{tool.summary}</span>
            {source ? <span className="answer__source">{source}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The sources of the figures of a finished answer. */
export function Citations({ citations }: { citations: readonly ChatCitation[] }) {
  const { t, i18n } = useLingui();
  if (citations.length === 0) return null;
  const unique = [...new Map(citations.map((c) => [`${c.source}|${c.at}`, c])).values()];
  return (
    <p className="answer__citations">
      <span>{t`Sources:`}</span>{" "}
      {unique.map((citation, index) => (
        <span key={`${citation.source}|${citation.at}`} className="answer__source">
          {index > 0 ? "; " : ""}
          {citationText(citation, i18n.locale)}
        </span>
      ))}
    </p>
  );
}
