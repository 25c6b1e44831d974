import { Quotas } from "../../../../contract/constants.ts";

/**
 * The product's own help (FAQ), which the customer service agent answers from, in English and Chinese. Answers say
 * what this product does today; the daily chat quotas are the contract's constants, not copies of them.
 */

export interface FaqEntry {
  id: string;
  /** words that point to this entry; the entry matching the most wins */
  keywords: readonly RegExp[];
  en: { question: string; answer: string };
  zh: { question: string; answer: string };
}

export const FAQ_SOURCE = "MountainLion help (FAQ)";
/** when the help was last revised: the citation's time */
export const FAQ_REVISED = "2026-11-27T00:00:00.000Z";

export const FAQ: readonly FaqEntry[] = [
  {
    id: "about",
    keywords: [
      /\bwhat (is|does) (this|the) (app|product|bot)\b|\bwhat can (this|the) app\b|\babout (this|the) app\b/i,
      /这个应用|这个产品|这个app|是做什么的|有什么功能|能干什么/i,
    ],
    en: {
      question: "What does this app do?",
      answer:
        "It is a crypto assistant that works in Telegram and in the browser: coin prices and charts, the token dashboard with its AI score, crypto news, price forecasts with their tested record (the Predict page), an AI chat that answers from the app's market and news data, agents for reports, forecasts and coin screening, and a Telegram bot. It gives information, not financial advice.",
    },
    zh: {
      question: "这个应用是做什么的？",
      answer:
        "这是一个可以在 Telegram 和浏览器里使用的加密货币助手：币价和图表、带 AI 评分的代币看板、加密新闻、附带检验记录的价格预测（预测页面）、根据应用内行情和新闻数据作答的 AI 对话、做研报、预测和选币的智能体，以及 Telegram 机器人。它提供信息，不构成投资建议。",
    },
  },
  {
    id: "signIn",
    keywords: [
      /\b(sign|log)[- ]?(in|on|up)\b|\blogin\b|\bregister\b|\baccount\b|\bpassword\b/i,
      /登录|登陆|注册|账号|账户|密码/,
    ],
    en: {
      question: "How do I sign in?",
      answer:
        "Inside Telegram you can sign in with your Telegram identity, with email and password, with a wallet through WalletConnect, or with TON Connect. In a browser: email and password, Google, a browser wallet (Sign-In with Ethereum) or WalletConnect. Without signing in you can still use the app as a visitor, with a smaller daily chat quota.",
    },
    zh: {
      question: "怎么登录？",
      answer:
        "在 Telegram 里可以用 Telegram 身份、邮箱和密码、通过 WalletConnect 连接钱包，或 TON Connect 登录。在浏览器里：邮箱和密码、Google、浏览器钱包（以太坊签名登录）或 WalletConnect。不登录也可以以访客身份使用，但每天的对话次数更少。",
    },
  },
  {
    id: "quota",
    keywords: [
      /\b(quota|limit|how many (questions|chats|messages)|per day|daily|free|plus|vip|plan|subscription|pay)\b/i,
      /次数|额度|限制|每天|每日|免费|会员|套餐|付费|VIP|PLUS/i,
    ],
    en: {
      question: "How many questions can I ask a day?",
      answer: `A visitor (not signed in) can ask ${Quotas.visitorDailyChats} question a day. A signed-in user gets ${Quotas.userDailyChats} a day, and ${Quotas.plusExtraDailyChats} more with PLUS. VIP members have no daily limit. The counts start again each day; the chat says when today's are used up.`,
    },
    zh: {
      question: "每天能问多少次？",
      answer: `访客（未登录）每天可以问 ${Quotas.visitorDailyChats} 次。登录用户每天 ${Quotas.userDailyChats} 次，开通 PLUS 再多 ${Quotas.plusExtraDailyChats} 次。VIP 会员不限次数。次数每天重新计算；当天用完时对话里会提示。`,
    },
  },
  {
    id: "data",
    keywords: [
      /\b(where|which) .*\b(data|prices?) come|\bdata source|\bsource of (the )?data|\breplay\b|\blive (data|market)\b|\bis (the|this) (data|price) (real|live)\b/i,
      /数据.*(来源|从哪)|来源|回放|实时数据|真实数据|数据是真的/,
    ],
    en: {
      question: "Where does the data come from?",
      answer:
        "Offline (no network or keys configured), the market is a replay of real Binance history shipped with the app, clearly labelled as a replay, and the news is a shipped sample of real headlines with their real dates. When the server is online it uses the live market (Binance's public API, CoinGecko) and the news feeds of crypto outlets. Every figure in an answer names its source and the time it refers to.",
    },
    zh: {
      question: "数据从哪里来？",
      answer:
        "离线时（没有配置网络或密钥），行情是应用自带的币安真实历史数据的回放，并明确标注为回放；新闻是自带的真实新闻标题样本，保留真实日期。服务器联网时使用实时行情（币安公开接口、CoinGecko）和加密媒体的新闻源。回答中的每个数字都会注明来源和对应时间。",
    },
  },
  {
    id: "forecasts",
    keywords: [
      /\b(forecast|prediction|predict)\w*\b.*\b(tested|accurate|accuracy|record|trust|work)|\bhow (are|do) (the )?(forecasts?|predictions?)|\bbacktest/i,
      /预测.*(准|检验|靠谱|怎么|记录)|回测|准确率/,
    ],
    en: {
      question: "How are the forecasts tested?",
      answer:
        'Every forecast comes with its record. Models are tested walk-forward on history they had not seen: at each past point they forecast from the candles up to it only, and the forecasts are compared with what happened. The record shows the average error as a ratio to the naive "no change" forecast (below 1 beats it), how often the direction was right with its 95% interval, and how often the actual price fell inside the 80% band. Where no model beats "no change", the forecast is "no change". Forecasts made live are stored and judged when their candles arrive (the live record). Prices move close to a random walk, so treat forecasts as statistical estimates, not advice.',
    },
    zh: {
      question: "预测是怎么检验的？",
      answer:
        "每个预测都附带它的记录。模型用滚动回测在没见过的历史数据上检验：在过去的每个时间点，只用那之前的 K 线做预测，再和实际结果对比。记录显示平均误差与“不变”预测之比（低于 1 才算胜过它）、方向判断正确率及其 95% 区间，以及实际价格落在 80% 区间内的比例。没有模型胜过“不变”时，预测就是“不变”。实时做出的预测会被保存，到期后评判（实盘记录）。价格接近随机游走，请把预测当作统计估计，而不是投资建议。",
    },
  },
  {
    id: "languages",
    keywords: [/\blanguages?\b|\bchinese\b|\benglish\b|\btranslat/i, /语言|中文|英文|英语|切换语言/],
    en: {
      question: "Which languages does it speak?",
      answer:
        "English and Simplified Chinese. Switch the app's language in Settings; in the Telegram bot use /language. The AI chat answers in the language of your question.",
    },
    zh: {
      question: "支持哪些语言？",
      answer: "英文和简体中文。在设置里切换应用语言；在 Telegram 机器人里用 /language。AI 对话会用你提问的语言回答。",
    },
  },
  {
    id: "bot",
    keywords: [/\bbot\b|\btelegram\b|\bcommands?\b|\/(price|news|predict|subscribe)\b/i, /机器人|电报|命令|指令/],
    en: {
      question: "What can the Telegram bot do?",
      answer:
        "The bot's commands: /start opens the app, /price BTC gives a coin's price, /predict is for price forecasts, /news the latest crypto news, /alerts is for price alerts, /subscribe a daily market digest, /language switches between English and Chinese, /help lists what it can do, and /paysupport is help with payments. The bot's menu marks what is not available yet.",
    },
    zh: {
      question: "Telegram 机器人能做什么？",
      answer:
        "机器人的命令：/start 打开应用，/price BTC 查币价，/predict 价格预测，/news 最新加密新闻，/alerts 价格提醒，/subscribe 订阅每日市场简报，/language 切换中英文，/help 查看功能，/paysupport 支付帮助。机器人菜单会标出暂未开放的功能。",
    },
  },
  {
    id: "feedback",
    keywords: [
      /\bfeedback\b|\bbug\b|\breport (a|an) (problem|issue)\b|\bcontact\b|\bsupport\b|\bcomplain/i,
      /反馈|建议|问题报告|联系|客服|投诉|bug/i,
    ],
    en: {
      question: "How do I give feedback or report a problem?",
      answer:
        "Open Feedback from the menu (or the header on a wide screen): choose how serious it is and its type, say where it happened, describe it, and add a contact and a screenshot if you like. The team reads every report. For payments, the Telegram bot's /paysupport helps.",
    },
    zh: {
      question: "怎么反馈或报告问题？",
      answer:
        "在菜单（宽屏时在页头）里打开“反馈”：选择严重程度和类型，说明出现的位置，描述问题，可以留下联系方式和截图。团队会阅读每一条反馈。支付问题可以用 Telegram 机器人的 /paysupport。",
    },
  },
  {
    id: "privacy",
    keywords: [
      /\bprivacy\b|\bpersonal data\b|\bmy data\b|\bdelete (my )?(chats?|history|data)\b|\bstored?\b|\bsafe\b/i,
      /隐私|个人数据|我的数据|删除.*(记录|对话|数据)|保存|安全/,
    ],
    en: {
      question: "What happens to my data?",
      answer:
        "Your chats are stored with your account (or, as a visitor, your device number) so that you can see your history; you can delete a chat or messages from the chat history at any time. Passwords are stored only as salted hashes. Wallet sign-in checks a signature; the app never asks for your seed phrase or private key. The chat's questions go to the AI model you choose; the built-in MountainLion answers on the server without sending them anywhere.",
    },
    zh: {
      question: "我的数据会怎样？",
      answer:
        "你的对话会和你的账号（访客则是设备号）一起保存，方便你查看历史；你可以随时在对话历史里删除对话或消息。密码只以加盐哈希的形式保存。钱包登录只校验签名；应用从不索要助记词或私钥。对话问题会发给你选择的 AI 模型；内置的 MountainLion 在服务器上作答，不会把问题发往别处。",
    },
  },
];

/** The entry a question is about: the one whose keywords match it most; undefined when none matches. */
export function findFaqEntry(question: string): FaqEntry | undefined {
  let best: { entry: FaqEntry; hits: number } | undefined;
  for (const entry of FAQ) {
    const hits = entry.keywords.filter((pattern) => pattern.test(question)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { entry, hits };
  }
  return best?.entry;
}
