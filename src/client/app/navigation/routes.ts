import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComponentType } from "react";
import { type Preloadable, preloadable } from "../../shared/ui/lazy-load.tsx";
import type { FirstScreen, PageProps } from "../pages/page-props.ts";

/** A page's chunk, loadable ahead of the first render together with its first screen's data. */
export interface RoutePage {
  component: Preloadable<PageProps>;
  /** loads the code (settles when it has) and starts the page's own data reads, if it has any */
  preload(screen: FirstScreen): Promise<void>;
}

export interface AppRoute {
  /** the spec's path (§2); a trailing slash also matches without it */
  path: string;
  title: MessageDescriptor;
  page: RoutePage;
}

interface PageModule {
  default: ComponentType<PageProps>;
  /** starts the reads the page shows first, before it renders (into the same cache its hooks read) */
  preloadData?: (screen: FirstScreen) => void;
}

function page(load: () => Promise<PageModule>): RoutePage {
  const component = preloadable(async () => (await load()).default);
  return {
    component,
    async preload(screen) {
      const module = await load();
      module.preloadData?.(screen);
      await component.preload();
    },
  };
}

// Every page is its own chunk. Areas that later work builds share the honest "not available yet" page.
const HomePage = page(() => import("../pages/HomePage.tsx"));
const SettingsPage = page(() => import("../pages/SettingsPage.tsx"));
const UpcomingPage = page(() => import("../pages/UpcomingPage.tsx"));
const PersonPage = page(() => import("../pages/PersonPage.tsx"));
const TokenPage = page(() => import("../pages/TokenPage.tsx"));
const PredictPage = page(() => import("../pages/PredictPage.tsx"));
const PopularTokensPage = page(() => import("../pages/PopularTokensPage.tsx"));
const NewsPage = page(() => import("../pages/NewsPage.tsx"));
const NewsDetailPage = page(() => import("../pages/NewsDetailPage.tsx"));
const ChatPage = page(() => import("../pages/ChatPage.tsx"));
const ChatDetailPage = page(() => import("../pages/ChatDetailPage.tsx"));
const AgentsPage = page(() => import("../pages/AgentsPage.tsx"));
const AgentEntryPage = page(() => import("../pages/AgentEntryPage.tsx"));
const AiRankingPage = page(() => import("../pages/AiRankingPage.tsx"));
const AiComparePage = page(() => import("../pages/AiComparePage.tsx"));
const ReportSharePage = page(() => import("../pages/ReportSharePage.tsx"));
const PointsCenterPage = page(() => import("../pages/PointsCenterPage.tsx"));
const PlansPage = page(() => import("../pages/PlansPage.tsx"));
const SwapPage = page(() => import("../pages/SwapPage.tsx"));
const AiWalletPage = page(() => import("../pages/AiWalletPage.tsx"));

const upcoming = (path: string, title: MessageDescriptor): AppRoute => ({ path, title, page: UpcomingPage });

/** All routes of spec §2. */
export const appRoutes: readonly AppRoute[] = [
  { path: "/", title: msg`Home`, page: HomePage },
  { path: "/chat/:id", title: msg`Chat`, page: ChatPage },
  { path: "/swap", title: msg`Swap`, page: SwapPage },
  { path: "/swap/:id", title: msg`Swap`, page: SwapPage },
  // AI one-click buy: the same swap screen, with the offer to ask for the swap in words (the chat's aiSwap mode)
  { path: "/aiBuyCoins", title: msg`AI one-click buy`, page: SwapPage },
  // the AI wallet of an email account (spec §1, §3 email AI account; §5 limit orders only with it)
  { path: "/aiWallet", title: msg`AI wallet`, page: AiWalletPage },
  { path: "/crypto/:coinCode", title: msg`Token`, page: TokenPage },
  { path: "/tokensData/:coinAbbr", title: msg`Token data`, page: TokenPage },
  { path: "/predict/:coinAbbr", title: msg`Predict`, page: PredictPage },
  { path: "/popularTokens/", title: msg`Popular tokens`, page: PopularTokensPage },
  { path: "/aiRanking", title: msg`AI ranking`, page: AiRankingPage },
  { path: "/chatDetail/:code", title: msg`Shared chat`, page: ChatDetailPage },
  upcoming("/chatDetailAiswap/:code", msg`Shared AI swap`),
  { path: "/reportShareDetail/:code", title: msg`Shared report`, page: ReportSharePage },
  { path: "/message/:type", title: msg`News`, page: NewsPage },
  { path: "/messageDetail/:code", title: msg`News`, page: NewsDetailPage },
  upcoming("/messageKolDetail/:code", msg`KOL post`),
  upcoming("/messageKolHome", msg`KOL`),
  { path: "/discover", title: msg`Discover`, page: AgentsPage },
  { path: "/agents", title: msg`Agents`, page: AgentsPage },
  { path: "/aiCustomer/", title: msg`Customer service`, page: AgentEntryPage },
  upcoming("/walletHelp/", msg`Wallet help`),
  upcoming("/airDropsAngent/", msg`Airdrops`),
  { path: "/aiCoinSelection/", title: msg`AI coin selection`, page: AgentEntryPage },
  { path: "/aiCompare", title: msg`AI compare`, page: AiComparePage },
  upcoming("/aiInsight", msg`AI insight`),
  { path: "/pointsCenter/", title: msg`Points center`, page: PointsCenterPage },
  { path: "/plans", title: msg`Plans`, page: PlansPage },
  { path: "/person/", title: msg`Personal center`, page: PersonPage },
  { path: "/settings/", title: msg`Settings`, page: SettingsPage },
  upcoming("/download", msg`Download`),
  upcoming("/entry", msg`Welcome`),
];

/** "/settings/" and "/settings" are the same page. */
export function routePatterns(route: AppRoute): string[] {
  return route.path.length > 1 && route.path.endsWith("/") ? [route.path, route.path.slice(0, -1)] : [route.path];
}

function patternMatches(pattern: string, pathname: string): boolean {
  const segments = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${segments.join("/")}$`).test(pathname);
}

/** The route the router shows for a path (the same patterns as AppRoutes; undefined: the not-found page). */
export function routeFor(pathname: string): AppRoute | undefined {
  return appRoutes.find((route) => routePatterns(route).some((pattern) => patternMatches(pattern, pathname)));
}

/**
 * Loads the page a path shows, and starts its data reads, before the first render: the page then renders with
 * the app instead of after a loading placeholder. Never rejects (a failed load shows as the page's own).
 */
export async function preloadRoute(pathname: string, screen: FirstScreen): Promise<void> {
  try {
    await routeFor(pathname)?.page.preload(screen);
  } catch (error) {
    console.error("The first page could not be loaded ahead", error);
  }
}
