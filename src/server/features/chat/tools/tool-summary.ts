import { aiScoresInputSchema } from "./ai-scores-tool.ts";
import { type ChatLanguage, chatToolInputSchemas } from "./chat-tools.ts";
import { coinProfileInputSchema } from "./coin-profile.ts";
import { predictInputSchema } from "./predict-tool.ts";
import { setPriceAlarmInputSchema } from "./price-alarm-tool.ts";
import { technicalAnalysisInputSchema } from "./technical-analysis.ts";

const quoted = (text: string, language: ChatLanguage) => (language === "cn" ? `“${text}”` : `"${text}"`);

/**
 * One line saying what a tool call looked up, in the chat's language ("Looked up BTC price" / "查询了 BTC 价格"),
 * for the chat's `tool` event. Inputs that do not parse are described by the tool's name alone.
 */
export function toolSummary(name: string, input: unknown, language: ChatLanguage): string {
  const cn = language === "cn";
  const upper = (s: string) => s.toUpperCase();
  switch (name) {
    case "tokenPrice": {
      const parsed = chatToolInputSchemas.tokenPrice.safeParse(input);
      if (!parsed.success) break;
      const symbol = upper(parsed.data.symbol);
      return cn ? `查询了 ${symbol} 价格` : `Looked up ${symbol} price`;
    }
    case "priceChange": {
      const parsed = chatToolInputSchemas.priceChange.safeParse(input);
      if (!parsed.success) break;
      const { symbol, period } = parsed.data;
      return cn ? `计算了 ${upper(symbol)} 在 ${period} 内的涨跌` : `Measured ${upper(symbol)}'s move over ${period}`;
    }
    case "candleStats": {
      const parsed = chatToolInputSchemas.candleStats.safeParse(input);
      if (!parsed.success) break;
      const { symbol, interval } = parsed.data;
      return cn ? `分析了 ${upper(symbol)} ${interval} K 线` : `Analysed ${upper(symbol)} ${interval} candles`;
    }
    case "compareTokens": {
      const parsed = chatToolInputSchemas.compareTokens.safeParse(input);
      if (!parsed.success) break;
      const { a, b } = parsed.data;
      return cn ? `对比了 ${upper(a)} 和 ${upper(b)}` : `Compared ${upper(a)} and ${upper(b)}`;
    }
    case "newsSearch": {
      const parsed = chatToolInputSchemas.newsSearch.safeParse(input);
      if (!parsed.success) break;
      const { query } = parsed.data;
      if (!query) return cn ? "查看了最新新闻" : "Read the latest news";
      return cn ? `搜索了${quoted(query, language)}相关新闻` : `Searched news for ${quoted(query, language)}`;
    }
    case "technicalAnalysis": {
      const parsed = technicalAnalysisInputSchema.safeParse(input);
      if (!parsed.success) break;
      const symbol = upper(parsed.data.symbol);
      return cn
        ? `分析了 ${symbol} 日线：均线、波动率、回撤、支撑阻力与相对强弱`
        : `Analysed ${symbol} daily candles: moving averages, volatility, drawdown, levels, relative strength`;
    }
    case "predict": {
      const parsed = predictInputSchema.safeParse(input);
      if (!parsed.success) break;
      const symbol = upper(parsed.data.symbol);
      return cn ? `读取了 ${symbol} 的价格预测及其记录` : `Read the ${symbol} forecast and its record`;
    }
    case "coinProfile": {
      const parsed = coinProfileInputSchema.safeParse(input);
      if (!parsed.success) break;
      const symbol = upper(parsed.data.symbol);
      return cn
        ? `计算了 ${symbol} 的收益、波动率、回撤和与 BTC 的相关性`
        : `Measured ${symbol}'s returns, volatility, drawdown and correlation with BTC`;
    }
    case "aiScores": {
      const parsed = aiScoresInputSchema.safeParse(input);
      if (!parsed.success) break;
      const category = parsed.data.category ?? "total";
      return cn ? `按 AI 评分筛选了 ${category} 分类的币` : `Screened the ${category} coins by AI score`;
    }
    case "setPriceAlarm": {
      const parsed = setPriceAlarmInputSchema.safeParse(input);
      if (!parsed.success) break;
      const symbol = upper(parsed.data.symbol);
      return cn ? `为 ${symbol} 设置价格提醒` : `Set a price alarm on ${symbol}`;
    }
    case "marketSentiment":
      return cn ? "查看了市场情绪" : "Read the market sentiment";
    case "topMovers": {
      const parsed = chatToolInputSchemas.topMovers.safeParse(input);
      if (!parsed.success) break;
      if (parsed.data.direction === "up") return cn ? "列出了 24 小时涨幅榜" : "Listed the top 24h gainers";
      return cn ? "列出了 24 小时跌幅榜" : "Listed the top 24h losers";
    }
    case "productHelp":
      return cn ? "查阅了应用的帮助" : "Looked in the app's help";
    case "glossary": {
      const parsed = chatToolInputSchemas.glossary.safeParse(input);
      if (!parsed.success) break;
      const term = quoted(parsed.data.term, language);
      return cn ? `在词库中查询了${term}` : `Looked up ${term} in the glossary`;
    }
  }
  return cn ? `调用了 ${name}` : `Used ${name}`;
}
