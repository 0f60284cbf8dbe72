/** The person's choice of colour scheme; 'auto' (no cookie) follows the system setting. */
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const
export type ColorSchemeChoice = (typeof COLOR_SCHEMES)[number]
export const COLOR_SCHEME_COOKIE = 'color-scheme'

export function parseColorScheme(value: string | null | undefined): ColorSchemeChoice {
  return value === 'light' || value === 'dark' ? value : 'auto'
}

/** What the toggle offers next: auto → dark → light → auto. */
export function nextColorScheme(current: ColorSchemeChoice): ColorSchemeChoice {
  return current === 'auto' ? 'dark' : current === 'dark' ? 'light' : 'auto'
}

export const COLOR_SCHEME_LABELS: Record<ColorSchemeChoice, string> = {
  auto: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
}
