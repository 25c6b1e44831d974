import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AgentId } from "../../../contract/agents.ts";

/** An agent's words (spec §3 title, content, openingRemarks, relatedQuestions), translated. */
export interface AgentTexts {
  title: MessageDescriptor;
  /** one line on the hub card */
  content: MessageDescriptor;
  /** the chat's first message, shown on the client and never stored */
  openingRemarks: MessageDescriptor;
  /** four sample questions; in the chat each is a button that asks it */
  relatedQuestions: readonly [MessageDescriptor, MessageDescriptor, MessageDescriptor, MessageDescriptor];
  /** for an offered agent with nothing to open today: what is missing, or where the product serves it */
  note?: MessageDescriptor;
  /** the part of the product that serves it today, linked beside the note */
  servedAt?: { href: string; label: MessageDescriptor };
}

export const agentTexts: Record<AgentId, AgentTexts> = {
  "1": {
    title: msg`Research report`,
    content: msg`Reports on a token's market, trend and news.`,
    openingRemarks: msg`I write research reports on tokens from their market data and the news. Name a token, or start with one of these questions.`,
    relatedQuestions: [
      msg`Write a research report on BTC`,
      msg`Write a research report on ETH`,
      msg`What are the risks of holding SOL?`,
      msg`Summarise the latest news about BNB`,
    ],
  },
  "2": {
    title: msg`Price prediction`,
    content: msg`Hourly and daily price forecasts with their track record.`,
    openingRemarks: msg`I forecast prices hour by hour and day by day, and show how my earlier forecasts did.`,
    relatedQuestions: [
      msg`Where will BTC be in 24 hours?`,
      msg`What is the 7-day forecast for ETH?`,
      msg`How accurate were the recent BTC forecasts?`,
      msg`Is SOL forecast to rise this week?`,
    ],
  },
  "3": {
    title: msg`Swap`,
    content: msg`Swap tokens across chains at a quoted price.`,
    openingRemarks: msg`Tell me what you want to swap and I will look for a quote.`,
    relatedQuestions: [
      msg`Swap 100 USDT for ETH`,
      msg`Buy BTC with 50 USDT`,
      msg`What does swapping BNB for USDT cost?`,
      msg`Which chain is cheapest for a USDT swap?`,
    ],
  },
  "4": {
    title: msg`Derivatives`,
    content: msg`Futures and options markets at a glance.`,
    openingRemarks: msg`I follow futures and options: funding, open interest and liquidations.`,
    relatedQuestions: [
      msg`What is the BTC funding rate?`,
      msg`How large is ETH open interest?`,
      msg`Where are BTC liquidations clustered?`,
      msg`Is the futures market leaning long or short?`,
    ],
  },
  "5": {
    title: msg`DeFi`,
    content: msg`Yields and protocols across decentralised finance.`,
    openingRemarks: msg`I compare DeFi protocols and their yields.`,
    relatedQuestions: [
      msg`Which DeFi protocols hold the most value?`,
      msg`Where can I earn yield on USDT?`,
      msg`What are the risks of liquidity pools?`,
      msg`Compare Aave and Compound`,
    ],
  },
  "6": {
    title: msg`Staking`,
    content: msg`Staking yields and where to stake.`,
    openingRemarks: msg`I compare staking yields, lock-up periods and risks.`,
    relatedQuestions: [
      msg`What does staking ETH earn?`,
      msg`Liquid staking or native staking?`,
      msg`How long is the SOL unstaking period?`,
      msg`Which staking tokens pay the most?`,
    ],
  },
  "7": {
    title: msg`NFT recommendation`,
    content: msg`NFT collections worth a look.`,
    openingRemarks: msg`I suggest NFT collections by volume, floor price and trend.`,
    relatedQuestions: [
      msg`Which NFT collections are trending?`,
      msg`Which collections have a rising floor price?`,
      msg`Recommend a blue-chip NFT collection`,
      msg`Which NFT collections trade the most?`,
    ],
    note: msg`NFT data is not available yet.`,
  },
  "8": {
    title: msg`Wallet`,
    content: msg`Your wallet's tokens and activity.`,
    openingRemarks: msg`I look after your wallet: balances, transfers and approvals.`,
    relatedQuestions: [
      msg`What is in my wallet?`,
      msg`Show my recent transfers`,
      msg`Which token approvals should I revoke?`,
      msg`How much have my holdings changed today?`,
    ],
    note: msg`The wallet agent is not available yet. Today the wallet you sign in with is shown in Settings.`,
    servedAt: { href: "/settings/?type=wallet", label: msg`Open wallet settings` },
  },
  "9": {
    title: msg`Lending`,
    content: msg`Borrowing and lending rates.`,
    openingRemarks: msg`I compare borrowing and lending rates across platforms.`,
    relatedQuestions: [
      msg`Where is USDT lending paying most?`,
      msg`What does borrowing against ETH cost?`,
      msg`How do I avoid liquidation on a loan?`,
      msg`Compare lending rates for USDC`,
    ],
  },
  "10": {
    title: msg`Insurance`,
    content: msg`Cover for smart-contract and custody risks.`,
    openingRemarks: msg`I explain crypto insurance: what is covered and what it costs.`,
    relatedQuestions: [
      msg`Can I insure a DeFi deposit?`,
      msg`What does smart-contract cover cost?`,
      msg`Which risks does crypto insurance exclude?`,
      msg`How is a claim paid out?`,
    ],
  },
  "11": {
    title: msg`Airdrops`,
    content: msg`Airdrops to watch and how to qualify.`,
    openingRemarks: msg`I track airdrops and what it takes to qualify.`,
    relatedQuestions: [
      msg`Which airdrops are coming up?`,
      msg`How do I qualify for an airdrop?`,
      msg`Which airdrops paid the most?`,
      msg`How do I avoid airdrop scams?`,
    ],
    note: msg`Airdrop data is not available yet.`,
  },
  "12": {
    title: msg`NFT comparison`,
    content: msg`Compare NFT collections side by side.`,
    openingRemarks: msg`Name two NFT collections and I will compare their floor, volume and holders.`,
    relatedQuestions: [
      msg`Compare BAYC and CryptoPunks`,
      msg`Compare Azuki and Pudgy Penguins`,
      msg`Which has more holders, Doodles or Azuki?`,
      msg`Which collection's volume grew more this week?`,
    ],
    note: msg`NFT data is not available yet.`,
  },
  "13": {
    title: msg`AI coin selection`,
    content: msg`Tokens picked by AI score and market trend.`,
    openingRemarks: msg`I pick tokens by their AI score and market trend. Ask for a shortlist, or compare candidates.`,
    relatedQuestions: [
      msg`Which tokens have the highest AI score?`,
      msg`Pick three large tokens with a rising trend`,
      msg`Compare BTC and ETH`,
      msg`Which AI-sector tokens look strongest?`,
    ],
  },
  "14": {
    title: msg`Customer service`,
    content: msg`Help with plans, points, sign-in and the app.`,
    openingRemarks: msg`Hello! I can help with your account, plans, points and how MountainLion works. What do you need?`,
    relatedQuestions: [
      msg`How many free chats do I get a day?`,
      msg`How do I earn points?`,
      msg`How do I connect a wallet?`,
      msg`What does the PLUS plan include?`,
    ],
  },
  "15": {
    title: msg`Asset management`,
    content: msg`Portfolio tracking and rebalancing.`,
    openingRemarks: msg`I track your portfolio and suggest when to rebalance.`,
    relatedQuestions: [
      msg`How is my portfolio split?`,
      msg`Should I rebalance now?`,
      msg`What is my portfolio's risk?`,
      msg`How did my portfolio do this month?`,
    ],
  },
  "17": {
    title: msg`Airdrop assistant`,
    content: msg`Keeps track of airdrop tasks for you.`,
    openingRemarks: msg`I keep a list of your airdrop tasks and remind you of them.`,
    relatedQuestions: [
      msg`Which airdrop tasks are open?`,
      msg`Remind me of tomorrow's tasks`,
      msg`Which tasks are worth the gas?`,
      msg`Which wallets have I used for airdrops?`,
    ],
  },
  "18": {
    title: msg`Intelligent finance`,
    content: msg`Automated strategies for idle funds.`,
    openingRemarks: msg`I put idle funds to work with automated strategies.`,
    relatedQuestions: [
      msg`Where can idle USDT earn?`,
      msg`Set up a weekly BTC purchase`,
      msg`What is a low-risk strategy?`,
      msg`How are the strategies' returns measured?`,
    ],
  },
  "19": {
    title: msg`AI invest assistant`,
    content: msg`A trading strategy from a chart screenshot.`,
    openingRemarks: msg`Send me a chart screenshot and I will suggest a strategy from it: entry, stop and target. You can also ask about a token's trend.`,
    relatedQuestions: [
      msg`Suggest a strategy for BTC on the 4-hour chart`,
      msg`Where are ETH's support and resistance?`,
      msg`Is BTC in an uptrend?`,
      msg`Where should a stop-loss go on a SOL trade?`,
    ],
  },
};
