import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { THEME_CSS_FILE, themeCss } from '../../scripts/theme-css'

describe('the theme stylesheet', () => {
  it('holds what MantineProvider renders from app/theme.ts (run npx tsx scripts/theme-css.ts after editing the theme)', () => {
    const css = readFileSync(THEME_CSS_FILE, 'utf8')
    expect(css).toBe(themeCss())
    // The app's own roles in both schemes, and the breakpoint classes.
    expect(css).toMatch(/\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--app-accent: var\(--mantine-color-indigo-3\)/)
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--app-accent: var\(--mantine-color-indigo-8\)/,
    )
    expect(css).toContain('.mantine-hidden-from-sm')
  })
})
