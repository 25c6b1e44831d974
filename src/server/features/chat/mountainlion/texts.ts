import type { AnswerLanguage } from "./format.ts";

/** MountainLion's fixed sentences. None of them holds a figure: figures come only from the tools. */

const CAPABILITIES: Record<AnswerLanguage, string> = {
  en: [
    "Here is what I can do, from this app's own data:",
    "- a coin's price and changes: *BTC price*, or in euros or yuan: *BTC price in EUR*",
    "- a coin's move over a window: *BTC over the past week*, *SOL since January*",
    "- a coin's trend, volatility, support and resistance: *ETH trend*",
    "- compare two coins: *compare BTC and ETH*",
    "- news about a coin or a name, and what happened: *why did SOL drop*, *what happened to FTX*",
    "- what moved today: the top gainers and losers",
    "- the market's sentiment: the fear-and-greed index",
    "- explain a term: *what is a stablecoin*",
    "- a coin's price forecast with its tested record: *predict BTC for tomorrow*",
    "- a price alarm, once you are signed in: *tell me when ETH drops below* a price, or *rises* by a percent",
  ].join("\n"),
  zh: [
    "我可以根据本应用自己的数据回答：",
    "- 币的价格和涨跌：*比特币价格*，也可以用欧元或人民币：*比特币价格用人民币*",
    "- 币在一段时间内的涨跌：*比特币过去一周*、*以太坊今年以来*",
    "- 币的走势、波动率、支撑与阻力：*ETH 走势*",
    "- 对比两个币：*对比 BTC 和 ETH*",
    "- 某个币或某个名字的新闻，以及发生了什么：*为什么 BTC 跌了*、*FTX怎么了*",
    "- 今天的异动：涨幅榜和跌幅榜",
    "- 市场情绪：恐慌贪婪指数",
    "- 解释术语：*什么是稳定币*",
    "- 币的价格预测及其检验记录：*预测一下比特币明天的价格*",
    "- 登录后设置价格提醒：*ETH 跌破*某个价格或*上涨*某个百分比时*提醒我*",
  ].join("\n"),
};

export const texts = {
  help: (language: AnswerLanguage) =>
    language === "zh"
      ? `你好！我是 MountainLion，本应用的离线分析助手。我只用应用内的行情、新闻和词库作答，不会编造数字。\n\n${CAPABILITIES.zh}`
      : `Hi! I'm MountainLion, this app's offline analyst. I answer only from the app's market data, news and glossary, and I never make up figures.\n\n${CAPABILITIES.en}`,

  cannotAnswer: (language: AnswerLanguage) =>
    language === "zh"
      ? `这个问题我离线无法回答：我只根据本应用的行情、新闻和词库作答，不会猜测或编造数字。\n\n${CAPABILITIES.zh}`
      : `I can't answer that offline: I answer only from this app's market data, news and glossary, and I won't guess or make up figures.\n\n${CAPABILITIES.en}`,

  noForecast: (language: AnswerLanguage) =>
    language === "zh"
      ? "我不对涨跌下判断，也不提供买卖建议。"
      : "I don't make calls on where a price will go or give advice on buying or selling.",

  forecastWithData: (language: AnswerLanguage) =>
    language === "zh"
      ? "我不对涨跌下判断，也不提供买卖建议。以下是数据目前显示的情况："
      : "I don't make calls on where a price will go or give advice on buying or selling. Here is what the data shows so far:",

  attachments: (language: AnswerLanguage) =>
    language === "zh" ? "离线模式下我读不了附件里的文件或图片。" : "Offline, I can't read attached files or images.",

  needCoin: (language: AnswerLanguage) =>
    language === "zh"
      ? "你想查哪个币？请给出代码或名称，例如 BTC 或以太坊。"
      : "Which coin do you mean? Name it by its symbol or name, for example BTC or Ethereum.",

  noTools: (language: AnswerLanguage) =>
    language === "zh"
      ? "现在无法访问行情和新闻数据，所以我没法给出数字，也不会凭空编造。请稍后再试。"
      : "I can't reach the market and news data right now, so I can't give figures, and I won't make them up. Please try again later.",

  noResults: (language: AnswerLanguage) =>
    language === "zh"
      ? "我没有拿到回答这个问题所需的数据，所以不给出数字。"
      : "I didn't get the data needed to answer this, so I won't give figures.",

  forecastPointer: (symbols: readonly string[], language: AnswerLanguage) => {
    const links = [...new Set(symbols)]
      .map((s) => `[/predict/${s}](/predict/${s})`)
      .join(language === "zh" ? "、" : ", ");
    return language === "zh"
      ? `想看经过检验的统计预测及其历史记录，请看预测页面：${links}。`
      : `For a statistical forecast with its tested record, see the Predict page: ${links}.`;
  },

  notAdvice: (language: AnswerLanguage) =>
    language === "zh"
      ? "以上数据描述的是过去的行情，不是预测。"
      : "These figures describe past candles; they are not a forecast.",
};
