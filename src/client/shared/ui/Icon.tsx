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
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
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
      <path d={paths[name]} />
    </svg>
  );
}
