/**
 * The built-in glossary of common crypto terms, in English and Chinese: plain definitions, no figures that age
 * (no prices, no dates of the future). The glossary tool answers from it; its citation names it and its revision.
 */

export interface GlossaryText {
  title: string;
  definition: string;
}

export interface GlossaryEntry {
  id: string;
  /** what a reader may call it, in either language; matched after normalisation (see normalizeTerm) */
  aliases: readonly string[];
  en: GlossaryText;
  zh: GlossaryText;
  related: readonly string[];
}

export const GLOSSARY_SOURCE = "MountainLion glossary";
/** when the glossary's text was last revised (its citation time) */
export const GLOSSARY_REVISED = "2026-11-22T00:00:00.000Z";

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    id: "bitcoin",
    aliases: ["bitcoin", "btc", "比特币", "大饼"],
    en: {
      title: "Bitcoin (BTC)",
      definition:
        "The first cryptocurrency, launched in 2009 by the pseudonymous Satoshi Nakamoto. Its blockchain is secured by proof of work, and its supply is capped at 21 million coins; the reward for mining a block halves about every four years.",
    },
    zh: {
      title: "比特币（BTC）",
      definition:
        "第一种加密货币，由化名中本聪的人于 2009 年推出。其区块链由工作量证明保护，总量上限为 2100 万枚；挖出一个区块的奖励大约每四年减半一次。",
    },
    related: ["blockchain", "proof-of-work", "halving"],
  },
  {
    id: "ethereum",
    aliases: ["ethereum", "eth", "ether", "以太坊", "以太币"],
    en: {
      title: "Ethereum (ETH)",
      definition:
        "A blockchain that runs smart contracts, launched in 2015. Its native coin, ether (ETH), pays transaction fees (gas). Since 2022 (the Merge) it is secured by proof of stake.",
    },
    zh: {
      title: "以太坊（ETH）",
      definition:
        "一条可以运行智能合约的区块链，2015 年上线。其原生币以太币（ETH）用于支付交易手续费（Gas）。自 2022 年“合并”（The Merge）起改为权益证明。",
    },
    related: ["smart-contract", "gas", "proof-of-stake"],
  },
  {
    id: "blockchain",
    aliases: ["blockchain", "block chain", "区块链"],
    en: {
      title: "Blockchain",
      definition:
        "A ledger shared by many computers, written in blocks that each refer to the one before, so that past entries cannot be changed without redoing every later block. Participants agree on the next block through a consensus rule such as proof of work or proof of stake.",
    },
    zh: {
      title: "区块链",
      definition:
        "由许多计算机共同维护的账本，按区块记录，每个区块都引用前一个区块，因此要改动过去的记录就必须重做之后的所有区块。参与者通过工作量证明、权益证明等共识规则决定下一个区块。",
    },
    related: ["proof-of-work", "proof-of-stake"],
  },
  {
    id: "stablecoin",
    aliases: ["stablecoin", "stable coin", "稳定币"],
    en: {
      title: "Stablecoin",
      definition:
        "A token designed to keep a steady price, usually 1 US dollar. Most are backed by reserves of cash and short-term bonds held by the issuer (USDT, USDC); others are backed by crypto collateral or by an algorithm. A stablecoin can lose its peg if its backing or its redemption fails.",
    },
    zh: {
      title: "稳定币",
      definition:
        "旨在保持价格稳定的代币，通常锚定 1 美元。多数由发行方持有的现金和短期债券储备支持（如 USDT、USDC），也有以加密资产抵押或靠算法维持的。若储备或赎回机制出问题，稳定币可能脱锚。",
    },
    related: ["token", "defi"],
  },
  {
    id: "altcoin",
    aliases: ["altcoin", "alt coin", "alts", "山寨币", "竞争币"],
    en: {
      title: "Altcoin",
      definition: "Any cryptocurrency other than Bitcoin. Altcoins are usually smaller and more volatile than Bitcoin.",
    },
    zh: {
      title: "山寨币（竞争币）",
      definition: "比特币以外的加密货币的统称。山寨币通常市值更小、价格波动更大。",
    },
    related: ["bitcoin", "market-cap"],
  },
  {
    id: "token",
    aliases: ["token", "crypto token", "代币", "通证"],
    en: {
      title: "Token",
      definition:
        "A digital asset issued by a smart contract on an existing blockchain (for example an ERC-20 token on Ethereum), as opposed to a coin native to its own chain. Tokens can represent currencies, governance rights, or claims on other assets.",
    },
    zh: {
      title: "代币（通证）",
      definition:
        "在已有区块链上由智能合约发行的数字资产（例如以太坊上的 ERC-20 代币），区别于区块链自身的原生币。代币可以代表货币、治理权或对其他资产的权益。",
    },
    related: ["smart-contract", "stablecoin"],
  },
  {
    id: "market-cap",
    aliases: ["market cap", "market capitalization", "market capitalisation", "mcap", "市值", "总市值"],
    en: {
      title: "Market capitalisation",
      definition:
        "Price × circulating supply: what all coins in circulation are worth at the current price. Coins are usually ranked by it. It is not the money that went in, nor what could be got out by selling.",
    },
    zh: {
      title: "市值",
      definition:
        "价格 × 流通量，即按当前价格计算的全部流通币的价值。币种通常按市值排名。市值并不等于投入的资金，也不等于全部卖出能换回的钱。",
    },
    related: ["circulating-supply", "trading-volume"],
  },
  {
    id: "circulating-supply",
    aliases: ["circulating supply", "supply", "流通量", "流通供应量"],
    en: {
      title: "Circulating supply",
      definition:
        "The number of coins available to the public now, excluding locked, unissued or burned coins. The maximum supply is the most that will ever exist, where there is a cap.",
    },
    zh: {
      title: "流通量",
      definition:
        "当前可在市场上流通的币数量，不含锁仓、未发行或已销毁的部分。最大供应量是有上限的币种未来最多会存在的数量。",
    },
    related: ["market-cap"],
  },
  {
    id: "trading-volume",
    aliases: ["volume", "trading volume", "24h volume", "成交量", "交易量", "成交额"],
    en: {
      title: "Trading volume",
      definition:
        "How much of a coin changed hands over a period, counted in the coin or in its quote currency (USDT here). High volume means many trades at the quoted prices; a price move on low volume is easier to reverse.",
    },
    zh: {
      title: "成交量",
      definition:
        "一段时间内成交的数量，可以按币本身计，也可以按计价货币（这里是 USDT）计（成交额）。成交量大说明在报价附近有大量交易；低成交量下的价格变动更容易反转。",
    },
    related: ["liquidity", "market-cap"],
  },
  {
    id: "defi",
    aliases: ["defi", "decentralized finance", "decentralised finance", "去中心化金融"],
    en: {
      title: "DeFi (decentralised finance)",
      definition:
        "Financial services run by smart contracts instead of banks or brokers: lending, borrowing, trading on DEXs, derivatives. Anyone with a wallet can use them; the risks include contract bugs, oracle failures and liquidations.",
    },
    zh: {
      title: "DeFi（去中心化金融）",
      definition:
        "由智能合约而非银行或券商提供的金融服务：借贷、在 DEX 上交易、衍生品等。任何拥有钱包的人都能使用；风险包括合约漏洞、预言机故障和清算。",
    },
    related: ["smart-contract", "dex", "tvl"],
  },
  {
    id: "nft",
    aliases: ["nft", "nfts", "non fungible token", "non-fungible token", "非同质化代币", "数字藏品"],
    en: {
      title: "NFT (non-fungible token)",
      definition:
        "A token that is unique rather than interchangeable, recording who owns a specific item such as a piece of digital art, a game item or a ticket. The NFT usually points to the item; the file itself is often stored elsewhere.",
    },
    zh: {
      title: "NFT（非同质化代币）",
      definition:
        "独一无二、不可互换的代币，用来记录某件特定物品（如数字艺术品、游戏道具、门票）归谁所有。NFT 通常只是指向该物品，文件本身往往存放在别处。",
    },
    related: ["token", "smart-contract"],
  },
  {
    id: "dex",
    aliases: ["dex", "decentralized exchange", "decentralised exchange", "去中心化交易所"],
    en: {
      title: "DEX (decentralised exchange)",
      definition:
        "An exchange run by smart contracts, where users trade from their own wallets without handing their funds to a company. Many DEXs price trades with liquidity pools (automated market makers) instead of an order book.",
    },
    zh: {
      title: "DEX（去中心化交易所）",
      definition:
        "由智能合约运行的交易所，用户直接从自己的钱包交易，无需把资金交给公司托管。许多 DEX 用流动性池（自动做市商）而不是订单簿来定价。",
    },
    related: ["cex", "liquidity", "slippage"],
  },
  {
    id: "cex",
    aliases: ["cex", "centralized exchange", "centralised exchange", "中心化交易所"],
    en: {
      title: "CEX (centralised exchange)",
      definition:
        "An exchange run by a company (Binance, Coinbase, OKX...) that holds its users' funds and matches their orders in an order book. Usually requires identity checks (KYC).",
    },
    zh: {
      title: "CEX（中心化交易所）",
      definition:
        "由公司运营的交易所（如币安、Coinbase、OKX），托管用户资金，并通过订单簿撮合交易。通常需要身份认证（KYC）。",
    },
    related: ["dex", "kyc"],
  },
  {
    id: "wallet",
    aliases: ["wallet", "crypto wallet", "钱包", "加密钱包"],
    en: {
      title: "Wallet",
      definition:
        "Software or a device that holds the keys to blockchain addresses and signs transactions. The coins stay on the blockchain; the wallet controls them. A hardware wallet keeps the keys offline.",
    },
    zh: {
      title: "钱包",
      definition:
        "保存区块链地址私钥并签署交易的软件或设备。币始终在链上，钱包掌控的是支配它们的权限。硬件钱包将私钥离线保存。",
    },
    related: ["private-key"],
  },
  {
    id: "private-key",
    aliases: ["private key", "seed phrase", "mnemonic", "recovery phrase", "私钥", "助记词"],
    en: {
      title: "Private key and seed phrase",
      definition:
        "The secret that lets its holder spend from an address. A seed phrase (usually 12 or 24 words) encodes a wallet's keys. Whoever knows it controls the funds, so it should never be shared or typed into a website.",
    },
    zh: {
      title: "私钥与助记词",
      definition:
        "私钥是能动用某个地址上资产的密钥。助记词（通常 12 或 24 个单词）可还原整个钱包的私钥。知道它的人就能控制资产，因此绝不能告诉任何人，也不要输入到网站中。",
    },
    related: ["wallet"],
  },
  {
    id: "gas",
    // 手续费 alone is any fee (an exchange's trading fee too), not the network's gas
    aliases: ["gas", "gas fee", "gas fees", "network fee", "gas费", "网络费", "矿工费"],
    en: {
      title: "Gas fee",
      definition:
        "The fee paid to a blockchain's validators or miners to process a transaction, in the chain's native coin (ETH on Ethereum). It rises when the network is busy.",
    },
    zh: {
      title: "Gas 费",
      definition:
        "为让区块链的验证者或矿工处理交易而支付的费用，以该链原生币计价（以太坊上为 ETH）。网络拥堵时会上涨。",
    },
    related: ["ethereum", "layer-2"],
  },
  {
    id: "proof-of-work",
    aliases: ["proof of work", "pow", "mining", "工作量证明", "挖矿"],
    en: {
      title: "Proof of work (PoW)",
      definition:
        "A consensus rule in which miners compete to solve a costly computational puzzle; the winner adds the next block and earns the reward. Used by Bitcoin. Rewriting history would require redoing that work.",
    },
    zh: {
      title: "工作量证明（PoW）",
      definition:
        "一种共识机制：矿工竞争求解一道需要大量计算的难题，胜者添加下一个区块并获得奖励。比特币采用此机制。篡改历史需要重做这些计算。",
    },
    related: ["proof-of-stake", "bitcoin", "halving"],
  },
  {
    id: "proof-of-stake",
    aliases: ["proof of stake", "pos", "权益证明"],
    en: {
      title: "Proof of stake (PoS)",
      definition:
        "A consensus rule in which validators lock up (stake) coins for the right to propose and confirm blocks; misbehaving validators lose part of their stake. Used by Ethereum since 2022.",
    },
    zh: {
      title: "权益证明（PoS）",
      definition:
        "一种共识机制：验证者锁定（质押）币以获得提议和确认区块的权利，作恶的验证者会被罚没部分质押。以太坊自 2022 年起采用。",
    },
    related: ["staking", "proof-of-work"],
  },
  {
    id: "staking",
    aliases: ["staking", "stake", "质押"],
    en: {
      title: "Staking",
      definition:
        "Locking coins in a proof-of-stake network, directly or through a service, to help secure it and earn rewards. Staked coins may be locked for a period and can be cut (slashed) if the validator misbehaves.",
    },
    zh: {
      title: "质押",
      definition:
        "在权益证明网络中直接或通过服务锁定币，以帮助保障网络安全并获得奖励。质押的币可能有锁定期，验证者作恶时可能被罚没。",
    },
    related: ["proof-of-stake", "apy"],
  },
  {
    id: "halving",
    aliases: ["halving", "halvening", "bitcoin halving", "减半", "比特币减半"],
    en: {
      title: "Halving",
      definition:
        "The cut by half of Bitcoin's block reward, every 210,000 blocks (about four years). It slows the issuance of new coins until the cap of 21 million is reached.",
    },
    zh: {
      title: "减半",
      definition: "比特币区块奖励每 210,000 个区块（约四年）减少一半，使新币发行逐渐放缓，直至达到 2100 万枚的上限。",
    },
    related: ["bitcoin", "proof-of-work"],
  },
  {
    id: "layer-2",
    aliases: ["layer 2", "layer two", "l2", "rollup", "二层网络", "二层", "layer2"],
    en: {
      title: "Layer 2",
      definition:
        "A network built on top of a blockchain (the layer 1) that processes transactions more cheaply and settles them back on it; rollups such as Arbitrum, Optimism and Base do this for Ethereum.",
    },
    zh: {
      title: "二层网络（Layer 2）",
      definition:
        "建立在区块链（一层）之上的网络，以更低成本处理交易，再把结果结算回一层。Arbitrum、Optimism、Base 等 Rollup 就是以太坊的二层。",
    },
    related: ["ethereum", "gas"],
  },
  {
    id: "smart-contract",
    aliases: ["smart contract", "smart contracts", "智能合约"],
    en: {
      title: "Smart contract",
      definition:
        "A program stored on a blockchain that runs exactly as written when called, holding and moving funds by its rules. A bug in it can be exploited, and it usually cannot be changed once deployed.",
    },
    zh: {
      title: "智能合约",
      definition:
        "存储在区块链上的程序，被调用时严格按代码执行，按其规则持有和转移资金。合约中的漏洞可能被利用，且部署后通常无法修改。",
    },
    related: ["ethereum", "defi"],
  },
  {
    id: "liquidity",
    aliases: ["liquidity", "流动性"],
    en: {
      title: "Liquidity",
      definition:
        "How easily an asset can be bought or sold without moving its price. Deep order books or large liquidity pools mean high liquidity; thin markets mean large trades move the price (slippage).",
    },
    zh: {
      title: "流动性",
      definition:
        "资产在不明显影响价格的情况下买卖的难易程度。订单簿深、流动性池大即流动性好；市场清淡时大额交易会推动价格（滑点）。",
    },
    related: ["slippage", "trading-volume"],
  },
  {
    id: "slippage",
    aliases: ["slippage", "滑点"],
    en: {
      title: "Slippage",
      definition:
        "The difference between the price expected when placing a trade and the price it actually fills at, caused by thin liquidity or the price moving meanwhile. Swaps let you set a maximum slippage.",
    },
    zh: {
      title: "滑点",
      definition:
        "下单时预期价格与实际成交价格之间的差，由流动性不足或期间价格变动造成。兑换时可以设置可接受的最大滑点。",
    },
    related: ["liquidity", "dex"],
  },
  {
    id: "airdrop",
    aliases: ["airdrop", "airdrops", "空投"],
    en: {
      title: "Airdrop",
      definition:
        "Tokens given away free to wallets, often to early users of a project. Fake airdrops are a common scam: a real one never asks for a seed phrase or a payment.",
    },
    zh: {
      title: "空投",
      definition: "向钱包免费发放代币，常用于回馈项目的早期用户。假空投是常见骗局：真正的空投从不索要助记词或付款。",
    },
    related: ["token", "private-key"],
  },
  {
    id: "memecoin",
    aliases: ["memecoin", "meme coin", "meme", "meme币", "迷因币", "土狗"],
    en: {
      title: "Memecoin",
      definition:
        "A coin built around an internet joke or community (Dogecoin, Shiba Inu, Pepe...) rather than a product. Its price depends mostly on attention and is very volatile.",
    },
    zh: {
      title: "Meme 币（迷因币）",
      definition: "围绕网络梗或社区而非产品的币（如狗狗币、柴犬币、Pepe）。价格主要取决于关注度，波动极大。",
    },
    related: ["altcoin", "volatility"],
  },
  {
    id: "whale",
    aliases: ["whale", "whales", "巨鲸", "鲸鱼"],
    en: {
      title: "Whale",
      definition: "A holder of a very large amount of a coin, whose trades can move its price.",
    },
    zh: {
      title: "巨鲸",
      definition: "持有某种币数量极大的持有者，其交易可能推动价格。",
    },
    related: ["liquidity"],
  },
  {
    id: "bull-market",
    aliases: ["bull market", "bull", "bullish", "牛市", "看涨"],
    en: {
      title: "Bull market",
      definition: "A lasting period of rising prices and optimism. Being bullish means expecting prices to rise.",
    },
    zh: {
      title: "牛市",
      definition: "价格持续上涨、情绪乐观的时期。看涨（bullish）指预期价格上涨。",
    },
    related: ["bear-market"],
  },
  {
    id: "bear-market",
    aliases: ["bear market", "bear", "bearish", "熊市", "看跌"],
    en: {
      title: "Bear market",
      definition:
        "A lasting period of falling prices and pessimism, often taken as a fall of 20% or more from a peak. Being bearish means expecting prices to fall.",
    },
    zh: {
      title: "熊市",
      definition: "价格持续下跌、情绪悲观的时期，常以较高点下跌 20% 以上为标志。看跌（bearish）指预期价格下跌。",
    },
    related: ["bull-market"],
  },
  {
    id: "fud",
    // 恐慌情绪 is the market's fearful mood (the fear-and-greed index, the sentiment tool), not FUD
    aliases: ["fud", "fear uncertainty and doubt", "恐惧、不确定和怀疑", "恐惧不确定怀疑"],
    en: {
      title: "FUD",
      definition:
        "Fear, uncertainty and doubt: negative news or rumours, true or not, that push people to sell. Calling something FUD does not make it false.",
    },
    zh: {
      title: "FUD（恐惧、不确定和怀疑）",
      definition:
        "恐惧、不确定和怀疑（Fear, Uncertainty, Doubt）：促使人们抛售的负面消息或传言，无论真假。把某事称为 FUD 并不代表它是假的。",
    },
    related: ["fomo", "fear-and-greed-index"],
  },
  {
    id: "fomo",
    aliases: ["fomo", "fear of missing out", "踏空焦虑", "错失恐惧"],
    en: {
      title: "FOMO",
      definition:
        "Fear of missing out: buying because a price is rising fast and others seem to profit, often near a top.",
    },
    zh: {
      title: "FOMO（错失恐惧）",
      definition: "害怕错过：因为价格快速上涨、别人似乎都在赚钱而跟风买入，常常买在高点附近。",
    },
    related: ["fud", "fear-and-greed-index"],
  },
  {
    id: "hodl",
    aliases: ["hodl", "hodling", "囤币", "长期持有"],
    en: {
      title: "HODL",
      definition:
        "Holding a coin for the long term through ups and downs instead of trading; from a 2013 forum typo of 'hold'.",
    },
    zh: {
      title: "HODL（囤币）",
      definition: "不论涨跌都长期持有而不频繁交易；源自 2013 年论坛上对 hold 的一次拼写错误。",
    },
    related: ["dca"],
  },
  {
    id: "dca",
    aliases: ["dca", "dollar cost averaging", "dollar-cost averaging", "定投"],
    en: {
      title: "DCA (dollar-cost averaging)",
      definition:
        "Buying a fixed amount at regular intervals regardless of the price, so that the average cost is spread over time instead of depending on one entry point.",
    },
    zh: {
      title: "定投（DCA）",
      definition: "无论价格高低，按固定周期买入固定金额，使平均成本分摊在一段时间内，而不取决于某一次买入的时机。",
    },
    related: ["hodl"],
  },
  {
    id: "ath",
    aliases: ["ath", "all time high", "all-time high", "历史新高", "历史最高价"],
    en: {
      title: "ATH (all-time high)",
      definition: "The highest price a coin has ever traded at. ATL, the all-time low, is the lowest.",
    },
    zh: {
      title: "ATH（历史最高价）",
      definition: "某币有史以来成交过的最高价格。ATL（历史最低价）则是最低价格。",
    },
    related: ["volatility"],
  },
  {
    id: "fear-and-greed-index",
    aliases: [
      "fear and greed index",
      "fear and greed",
      "fear & greed index",
      "fear greed index",
      "恐慌贪婪指数",
      "贪婪恐慌指数",
      "恐惧贪婪指数",
    ],
    en: {
      title: "Fear and greed index",
      definition:
        "A 0–100 gauge of market mood: 0–24 extreme fear, 25–44 fear, 45–55 neutral, 56–75 greed, 76–100 extreme greed. This app computes it from BTC momentum, BTC volatility and the share of coins rising, unless a public index is configured.",
    },
    zh: {
      title: "恐慌贪婪指数",
      definition:
        "衡量市场情绪的 0–100 指标：0–24 极度恐慌，25–44 恐慌，45–55 中性，56–75 贪婪，76–100 极度贪婪。本应用根据 BTC 动量、BTC 波动率和上涨币种占比计算，配置了公开指数时则采用公开指数。",
    },
    related: ["fud", "fomo", "volatility"],
  },
  {
    id: "support-resistance",
    aliases: [
      "support",
      "resistance",
      "support and resistance",
      "support level",
      "resistance level",
      "支撑",
      "阻力",
      "支撑位",
      "阻力位",
      "压力位",
    ],
    en: {
      title: "Support and resistance",
      definition:
        "Price levels where a fall (support) or a rise (resistance) has stopped before, often read from past swing lows and highs. They describe where buyers or sellers showed up in the past, not where the price must turn.",
    },
    zh: {
      title: "支撑与阻力",
      definition:
        "过去下跌（支撑）或上涨（阻力）曾经停下的价格区域，常从过去的波段低点和高点读出。它们描述的是过去买卖力量出现的位置，并不保证价格会在此转向。",
    },
    related: ["candlestick", "moving-average"],
  },
  {
    id: "volatility",
    aliases: ["volatility", "volatile", "波动率", "波动性"],
    en: {
      title: "Volatility",
      definition:
        "How widely a price swings, usually measured as the standard deviation of its returns over a period, often annualised. Higher volatility means larger moves both ways.",
    },
    zh: {
      title: "波动率",
      definition: "价格波动的幅度，通常用一段时间内收益率的标准差衡量，常折算为年化值。波动率越高，涨跌幅度都越大。",
    },
    related: ["fear-and-greed-index"],
  },
  {
    id: "moving-average",
    aliases: [
      "moving average",
      "ma",
      "sma",
      "ema",
      "golden cross",
      "death cross",
      "均线",
      "移动平均线",
      "金叉",
      "死叉",
    ],
    en: {
      title: "Moving average",
      definition:
        "The average closing price over the last N candles, recomputed at each candle (SMA: simple; EMA: weighting recent closes more). A short average crossing above a long one is called a golden cross, crossing below a death cross.",
    },
    zh: {
      title: "移动平均线（均线）",
      definition:
        "最近 N 根 K 线收盘价的平均值，每根 K 线重新计算（SMA 为简单平均，EMA 对近期收盘价加权更多）。短期均线上穿长期均线称为金叉，下穿称为死叉。",
    },
    related: ["candlestick", "support-resistance"],
  },
  {
    id: "candlestick",
    aliases: ["candlestick", "candle", "candles", "kline", "k line", "k-line", "ohlc", "k线", "蜡烛图"],
    en: {
      title: "Candlestick (K-line)",
      definition:
        "One bar of a price chart summarising a period (an hour, a day): its open, high, low and close prices (OHLC), and usually the volume traded.",
    },
    zh: {
      title: "K 线（蜡烛图）",
      definition:
        "价格图表中概括一个周期（如一小时、一天）的一根柱：开盘价、最高价、最低价、收盘价（OHLC），通常还附带成交量。",
    },
    related: ["moving-average", "trading-volume"],
  },
  {
    id: "leverage",
    aliases: ["leverage", "margin", "futures", "perpetual", "perpetuals", "杠杆", "合约", "永续合约"],
    en: {
      title: "Leverage",
      definition:
        "Trading with borrowed funds, as in margin or perpetual futures, so that gains and losses are a multiple of the price move. At 10× a 10% move against the position wipes out the margin.",
    },
    zh: {
      title: "杠杆",
      definition:
        "借入资金进行交易（如保证金交易或永续合约），使盈亏成为价格变动的若干倍。10 倍杠杆下，价格反向变动 10% 就会亏光保证金。",
    },
    related: ["liquidation"],
  },
  {
    id: "liquidation",
    aliases: ["liquidation", "liquidated", "爆仓", "强平", "清算"],
    en: {
      title: "Liquidation",
      definition:
        "The forced closing of a leveraged position or a loan when its collateral no longer covers the losses or the debt; the holder loses the collateral in part or in full.",
    },
    zh: {
      title: "强平（爆仓、清算）",
      definition: "当抵押品不足以覆盖亏损或债务时，杠杆仓位或借贷被强制平仓；持有人会损失部分或全部抵押品。",
    },
    related: ["leverage", "defi"],
  },
  {
    id: "tvl",
    aliases: ["tvl", "total value locked", "总锁仓价值", "锁仓量"],
    en: {
      title: "TVL (total value locked)",
      definition:
        "The value of the assets deposited in a DeFi protocol or chain, at current prices. It rises with deposits and with the prices of the assets.",
    },
    zh: {
      title: "TVL（总锁仓价值）",
      definition: "按当前价格计算的存入某 DeFi 协议或某条链的资产价值。存款增加或资产价格上涨都会使它上升。",
    },
    related: ["defi"],
  },
  {
    id: "apy",
    aliases: ["apy", "apr", "annual percentage yield", "年化收益率", "年化"],
    en: {
      title: "APY and APR",
      definition:
        "Annual rates of return: APR without compounding, APY with the rewards reinvested. In crypto they are usually variable and often paid in a token whose price can fall.",
    },
    zh: {
      title: "APY 与 APR",
      definition:
        "年化收益率：APR 不计复利，APY 计入将收益再投入的复利。在加密领域通常是浮动的，且常以价格可能下跌的代币支付。",
    },
    related: ["staking", "defi"],
  },
  {
    id: "oracle",
    aliases: ["oracle", "oracles", "预言机"],
    en: {
      title: "Oracle",
      definition:
        "A service that brings outside data (prices, results) onto a blockchain for smart contracts to use, such as Chainlink. A wrong oracle price can trigger wrong liquidations.",
    },
    zh: {
      title: "预言机",
      definition:
        "把链外数据（价格、结果等）提供给链上智能合约使用的服务，例如 Chainlink。预言机价格出错可能触发错误的清算。",
    },
    related: ["smart-contract", "defi"],
  },
  {
    id: "rug-pull",
    aliases: ["rug pull", "rugpull", "rug", "跑路", "卷款跑路"],
    en: {
      title: "Rug pull",
      definition:
        "A scam in which a project's creators drain its liquidity or sell their holdings and vanish, leaving the token nearly worthless.",
    },
    zh: {
      title: "跑路（Rug pull）",
      definition: "项目方抽走流动性或抛售持仓后消失的骗局，代币几乎变得一文不值。",
    },
    related: ["memecoin", "liquidity"],
  },
  {
    id: "kyc",
    aliases: ["kyc", "know your customer", "实名认证", "身份认证"],
    en: {
      title: "KYC (know your customer)",
      definition:
        "Identity checks that regulated services such as centralised exchanges must run on their users before serving them.",
    },
    zh: {
      title: "KYC（了解你的客户）",
      definition: "受监管的服务（如中心化交易所）在为用户提供服务前必须进行的身份核验。",
    },
    related: ["cex"],
  },
  {
    id: "etf",
    aliases: ["etf", "etfs", "spot etf", "bitcoin etf", "exchange traded fund", "现货etf"],
    en: {
      title: "ETF (exchange-traded fund)",
      definition:
        "A fund whose shares trade on a stock exchange. A spot bitcoin or ether ETF holds the coins themselves, so investors get price exposure through a brokerage account; US spot bitcoin ETFs started trading in January 2024.",
    },
    zh: {
      title: "ETF（交易所交易基金）",
      definition:
        "在证券交易所交易份额的基金。现货比特币或以太坊 ETF 直接持有币本身，投资者可通过券商账户获得价格敞口；美国现货比特币 ETF 于 2024 年 1 月开始交易。",
    },
    related: ["bitcoin"],
  },
];

/** Lowercase, width and punctuation folded, articles and filler dropped: what aliases are compared in. */
export function normalizeTerm(term: string): string {
  return term
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[“”"'‘’`?？!！.。,，:：;；()（）「」《》[\]{}]/g, " ")
    .replace(/[-_/]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(a|an|the)\s+/, "")
    .replace(/\s+(in crypto|in cryptocurrency|in trading)$/, "")
    .replace(/^(加密货币|币圈|加密)(中的|里的|的)?/, "")
    .replace(/^(一下|下)/, "")
    .replace(/(是什么意思|什么意思|的意思|是什么|是啥)$/, "")
    .trim();
}

const byAlias = new Map<string, GlossaryEntry>();
for (const entry of GLOSSARY) {
  for (const alias of entry.aliases) byAlias.set(normalizeTerm(alias), entry);
}

/** The entry a reader's term names, or undefined. Tries the term as it is, then without a plural ending. */
export function findGlossaryEntry(term: string): GlossaryEntry | undefined {
  const key = normalizeTerm(term);
  if (!key) return undefined;
  const exact = byAlias.get(key) ?? byAlias.get(key.replace(/\s+/g, ""));
  if (exact) return exact;
  for (const singular of [key.replace(/ies$/, "y"), key.replace(/es$/, ""), key.replace(/s$/, "")]) {
    const entry = byAlias.get(singular);
    if (entry) return entry;
  }
  return undefined;
}
