import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { IconName } from "../../shared/ui/Icon.tsx";

export interface NavLink {
  href: string;
  label: MessageDescriptor;
}

export interface NavSection {
  id: "home" | "dashboard" | "news" | "aiswap" | "predict" | "agents";
  label: MessageDescriptor;
  icon: IconName;
  /** where the tab itself goes */
  href: string;
  /** the side panel's sub-menu for this tab */
  links: readonly NavLink[];
}

/** Dashboard categories of spec §2 (the sidebar's dashboard sub-menu). */
export const dashboardCategories = [
  { id: "total", label: msg`All tokens` },
  { id: "hot", label: msg`Hot` },
  { id: "gainer", label: msg`Top gainers` },
  { id: "meme", label: msg`Meme` },
  { id: "ai_agent", label: msg`AI agents` },
  { id: "ai", label: msg`AI` },
  { id: "rwa", label: msg`RWA` },
  { id: "depin", label: msg`DePIN` },
  { id: "defai", label: msg`DeFAI` },
  { id: "gaming", label: msg`Gaming` },
] as const;

/** The sidebar's tabs (wide layout) and the drawer's sections (narrow layout). */
export const navSections: readonly NavSection[] = [
  { id: "home", label: msg`Home`, icon: "home", href: "/", links: [] },
  {
    id: "dashboard",
    label: msg`Dashboard`,
    icon: "dashboard",
    href: "/popularTokens/?type=total",
    links: [
      ...dashboardCategories.map((category) => ({
        href: `/popularTokens/?type=${category.id}`,
        label: category.label,
      })),
      { href: "/aiRanking", label: msg`AI ranking` },
    ],
  },
  {
    id: "news",
    label: msg`News`,
    icon: "news",
    href: "/message/news",
    links: [
      { href: "/message/news", label: msg`Latest news` },
      { href: "/message/aiNews", label: msg`AI news` },
      { href: "/message/KOL", label: msg`KOL` },
      { href: "/message/hot", label: msg`Hot this week` },
    ],
  },
  {
    id: "aiswap",
    label: msg`AI swap`,
    icon: "swap",
    href: "/aiBuyCoins",
    links: [
      { href: "/aiBuyCoins", label: msg`AI swap` },
      { href: "/swap", label: msg`Swap` },
      { href: "/aiWallet", label: msg`AI wallet` },
    ],
  },
  { id: "predict", label: msg`Predict`, icon: "predict", href: "/predict/BTC", links: [] },
  { id: "agents", label: msg`Agents`, icon: "agents", href: "/agents", links: [] },
];
