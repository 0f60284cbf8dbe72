// npx tsx scripts/theme-css.ts: writes app/theme.css, the CSS variables and breakpoint classes
// that MantineProvider would render from app/theme.ts into every page. Rendered per request they
// cost 5% of a page's CPU and a few KB of every page; as a stylesheet they are made once and
// cached by the browser. tests/unit/theme-css.test.ts fails when the file no longer matches.
import { writeFileSync } from 'node:fs'
import { MantineProvider } from '@mantine/core'
import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { cssVariablesResolver, theme } from '~/theme'

export const THEME_CSS_FILE = 'app/theme.css'

export function themeCss(): string {
  const html = renderToStaticMarkup(h(MantineProvider, { theme, cssVariablesResolver }, null))
  const rules = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1])
  return `/* Made by scripts/theme-css.ts from app/theme.ts: edit the theme and run it again. */\n${rules.join('\n')}\n`
}

if (process.argv[1]?.endsWith('theme-css.ts')) {
  writeFileSync(THEME_CSS_FILE, themeCss())
  console.log(`Wrote ${THEME_CSS_FILE}`)
}
