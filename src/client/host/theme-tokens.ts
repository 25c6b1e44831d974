/**
 * Telegram's theme parameters painted onto the app's own design tokens (the names in app/styles/theme.css),
 * so every component follows Telegram's colours without knowing about Telegram. The inline script in
 * index.html repeats this table for the first paint; theme-tokens.test.ts keeps the two in step.
 */
export const THEME_TOKENS = [
  ["--bg", "bg_color"],
  ["--surface", "secondary_bg_color"],
  ["--text", "text_color"],
  ["--text-muted", "hint_color"],
  ["--accent", "button_color"],
  ["--accent-strong", "button_color"],
  ["--accent-contrast", "button_text_color"],
  ["--border", "section_separator_color"],
  ["--danger", "destructive_text_color"],
] as const;

/** the tint behind selected items, derived from the accent as theme.css derives it */
export const accentSoft = (accent: string): string => `color-mix(in srgb, ${accent} 12%, transparent)`;

export type ThemeParamsLike = Partial<Record<string, string>>;

/** Sets the tokens the host provides and removes the rest, so the class theme's value shows through. */
export function applyThemeTokens(root: HTMLElement, params: ThemeParamsLike): void {
  for (const [token, key] of THEME_TOKENS) {
    const value = params[key];
    if (value) root.style.setProperty(token, value);
    else root.style.removeProperty(token);
  }
  const accent = params.button_color;
  if (accent) root.style.setProperty("--accent-soft", accentSoft(accent));
  else root.style.removeProperty("--accent-soft");
}

export function clearThemeTokens(root: HTMLElement): void {
  applyThemeTokens(root, {});
}
