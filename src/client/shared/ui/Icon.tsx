/** A small set of line icons drawn inline (no icon font, nothing to load). */
const paths = {
  home: "M3 11.5 12 4l9 7.5M5.5 10v10h13V10",
  dashboard: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  news: "M5 5h11v14H7a2 2 0 0 1-2-2zM16 9h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5",
  swap: "M7 7h12l-3-3M17 17H5l3 3",
  predict: "M4 19h16M6 15l4-4 3 3 5-6",
  agents: "M12 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM5 20a7 7 0 0 1 14 0",
  menu: "M4 7h16M4 12h16M4 17h16",
  plus: "M12 5v14M5 12h14",
  sun: "M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.5 1.5M17.5 17.5 19 19M5 19l1.5-1.5M17.5 6.5 19 5",
  moon: "M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z",
  pin: "M9 4h6l-1 5 3 3H7l3-3zM12 12v8",
  unpin: "M9 4h6l-1 5 3 3H7l3-3zM12 12v8M4 4l16 16",
  settings:
    "M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1",
  chat: "M4 5h16v11H9l-5 4z",
  feedback: "M4 5h16v11H9l-5 4zM12 8v3M12 13.5v.5",
  user: "M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4 21a8 8 0 0 1 16 0",
  close: "M6 6l12 12M18 6 6 18",
  thumbUp: "M7 11v9H4v-9zM7 11l4-7a2 2 0 0 1 3 2l-1 4h5a2 2 0 0 1 2 2l-2 6a2 2 0 0 1-2 2H7",
  thumbDown: "M7 13V4H4v9zM7 13l4 7a2 2 0 0 0 3-2l-1-4h5a2 2 0 0 0 2-2l-2-6a2 2 0 0 0-2-2H7",
  mic: "M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3",
  attach: "M20 12l-7.5 7.5a5 5 0 0 1-7-7L13 5a3.3 3.3 0 0 1 4.7 4.7L10.2 17.2a1.7 1.7 0 0 1-2.4-2.4L14.5 8",
  lookup: "M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM16 16l4 4",
  refresh: "M20 11a8 8 0 0 0-14-5L4 8M4 4v4h4M4 13a8 8 0 0 0 14 5l2-2M20 20v-4h-4",
} as const;

export type IconName = keyof typeof paths;

/** A 24-unit line icon drawn from one SVG path, in the current text colour; decorative (hidden from readers). */
export function StrokeIcon({ d, size = 20 }: { d: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return <StrokeIcon d={paths[name]} size={size} />;
}
