import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { PageProps } from "../pages/page-props.ts";

export interface AppRoute {
  /** the spec's path (§2); a trailing slash also matches without it */
  path: string;
  title: MessageDescriptor;
  page: LazyExoticComponent<ComponentType<PageProps>>;
}

// Every page is its own chunk. Areas that later work builds share the honest "not available yet" page.
const HomePage = lazy(() => import("../pages/HomePage.tsx"));
const SettingsPage = lazy(() => import("../pages/SettingsPage.tsx"));
const UpcomingPage = lazy(() => import("../pages/UpcomingPage.tsx"));
const PersonPage = lazy(() => import("../pages/PersonPage.tsx"));
const TokenPage = lazy(() => import("../pages/TokenPage.tsx"));
const PopularTokensPage = lazy(() => import("../pages/PopularTokensPage.tsx"));
const NewsPage = lazy(() => import("../pages/NewsPage.tsx"));
const NewsDetailPage = lazy(() => import("../pages/NewsDetailPage.tsx"));
const ChatPage = lazy(() => import("../pages/ChatPage.tsx"));
const ChatDetailPage = lazy(() => import("../pages/ChatDetailPage.tsx"));

const upcoming = (path: string, title: MessageDescriptor): AppRoute => ({ path, title, page: UpcomingPage });

/** All routes of spec §2. */
export const appRoutes: readonly AppRoute[] = [
  { path: "/", title: msg`Home`, page: HomePage },
  { path: "/chat/:id", title: msg`Chat`, page: ChatPage },
  upcoming("/swap", msg`Swap`),
  upcoming("/swap/:id", msg`Swap`),
  upcoming("/aiBuyCoins", msg`AI one-click buy`),
  { path: "/crypto/:coinCode", title: msg`Token`, page: TokenPage },
  { path: "/tokensData/:coinAbbr", title: msg`Token data`, page: TokenPage },
  { path: "/popularTokens/", title: msg`Popular tokens`, page: PopularTokensPage },
  { path: "/chatDetail/:code", title: msg`Shared chat`, page: ChatDetailPage },
  upcoming("/chatDetailAiswap/:code", msg`Shared AI swap`),
  upcoming("/reportShareDetail/:code", msg`Shared report`),
  { path: "/message/:type", title: msg`News`, page: NewsPage },
  { path: "/messageDetail/:code", title: msg`News`, page: NewsDetailPage },
  upcoming("/messageKolDetail/:code", msg`KOL post`),
  upcoming("/messageKolHome", msg`KOL`),
  upcoming("/discover", msg`Discover`),
  upcoming("/agents", msg`Agents`),
  upcoming("/aiCustomer/", msg`Customer service`),
  upcoming("/walletHelp/", msg`Wallet help`),
  upcoming("/airDropsAngent/", msg`Airdrops`),
  upcoming("/aiCoinSelection/", msg`AI coin selection`),
  upcoming("/aiCompare", msg`AI compare`),
  upcoming("/aiInsight", msg`AI insight`),
  upcoming("/pointsCenter/", msg`Points center`),
  { path: "/person/", title: msg`Personal center`, page: PersonPage },
  { path: "/settings/", title: msg`Settings`, page: SettingsPage },
  upcoming("/download", msg`Download`),
  upcoming("/entry", msg`Welcome`),
];

/** "/settings/" and "/settings" are the same page. */
export function routePatterns(route: AppRoute): string[] {
  return route.path.length > 1 && route.path.endsWith("/") ? [route.path, route.path.slice(0, -1)] : [route.path];
}
