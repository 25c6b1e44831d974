import type { ChatCitation } from "../../../../contract/chat.ts";
import type { ChatMarketView } from "./chat-data.ts";
import type { NotFoundOutput } from "./tool-outputs.ts";

/**
 * The answer of a one-coin tool asked for a symbol the market does not list: what was asked (upper-cased), and
 * every priced symbol as what can be asked instead.
 */
export function unknownSymbolOutput(view: ChatMarketView, symbol: string, citation: ChatCitation): NotFoundOutput {
  const query = symbol.toUpperCase();
  return {
    found: false,
    reason: "unknownSymbol",
    query,
    message: `${view.source.provider} has no market data for ${query}`,
    available: view.listed.map((l) => l.coin.coinAbbr),
    citation,
  };
}
