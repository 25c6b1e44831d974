import type { AgentId } from "../../../../contract/agents.ts";
import { StrokeIcon } from "../../../shared/ui/Icon.tsx";

/**
 * One line icon per agent, drawn like the app's icon set (24-unit box, round 1.8 strokes, currentColor). The spec's
 * Image and ImageWhite (one per theme) become one icon that takes the theme's text colour.
 */
const agentPaths: Record<AgentId, string> = {
  // research report: a page with lines and a magnifier
  "1": "M6 3h9l3 3v6M6 3v18h6M9 8h6M9 12h4M16 14a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM18.2 19.2 21 22",
  // price prediction: a rising line with a forecast dot
  "2": "M4 19h16M5 15l4-4 3 3 4-5M19 6a1.5 1.5 0 1 1 0 .01",
  // swap: two opposed arrows
  "3": "M7 7h12l-3-3M17 17H5l3 3",
  // derivatives: a candle pair
  "4": "M8 4v3M8 17v3M6 7h4v10H6zM16 3v5M16 15v5M14 8h4v7h-4z",
  // DeFi: linked nodes
  "5": "M6 6a2 2 0 1 1 0 .01M18 6a2 2 0 1 1 0 .01M12 18a2 2 0 1 1 0 .01M7.5 7.5 11 16.5M16.5 7.5 13 16.5M8 6h8",
  // staking: stacked coins
  "6": "M12 4c4 0 7 1.1 7 2.5S16 9 12 9 5 7.9 5 6.5 8 4 12 4zM5 6.5v5C5 12.9 8 14 12 14s7-1.1 7-2.5v-5M5 11.5v5C5 17.9 8 19 12 19s7-1.1 7-2.5v-5",
  // NFT recommendation: a framed picture with a star
  "7": "M4 4h16v16H4zM4 16l5-5 4 4 3-3 4 4M15.5 7.5l.6 1.2 1.3.2-1 .9.3 1.3-1.2-.6-1.2.6.3-1.3-1-.9 1.3-.2z",
  // wallet
  "8": "M4 7h15v12H4zM4 7l11-3v3M15 12h4v3h-4z",
  // lending: a hand under a coin
  "9": "M12 3a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM3 14h4l3 2h5a1.5 1.5 0 0 1 0 3H9M15 18l5-3a1.5 1.5 0 0 1 1.5 2.5L15 21H3",
  // insurance: a shield with a tick
  "10": "M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4",
  // airdrop: a parachute carrying a box
  "11": "M4 10a8 8 0 0 1 16 0zM4 10l6 7M20 10l-6 7M12 10v7M10 17h4v4h-4z",
  // NFT comparison: two frames side by side
  "12": "M3 6h8v12H3zM13 6h8v12h-8zM3 14l3-3 5 5M13 14l3-3 5 5",
  // AI coin selection: a coin under a sparkle
  "13": "M11 8a6 6 0 1 1 0 12 6 6 0 0 1 0-12zM9 14h4M11 12v4M18 2l.9 2.1L21 5l-2.1.9L18 8l-.9-2.1L15 5l2.1-.9z",
  // customer service: a headset
  "14": "M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 2h-3",
  // asset management: a pie chart
  "15": "M11 4a8 8 0 1 0 8 9h-8zM14 2v8h8a8 8 0 0 0-8-8z",
  // airdrop assistant: a checklist
  "17": "M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2",
  // intelligent finance: a gear and a growing bar
  "18": "M9 6a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM9 3v2M9 13v2M5 9H3M15 9h-2M14 21v-4M18 21v-8M22 21V9",
  // AI invest assistant: a chart screenshot with a focus frame
  "19": "M3 8V4h4M17 4h4v4M21 16v4h-4M7 20H3v-4M7 15l3-3 2 2 5-5",
};

export function AgentIcon({ id, size = 24 }: { id: AgentId; size?: number }) {
  return <StrokeIcon d={agentPaths[id]} size={size} />;
}
