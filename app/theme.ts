import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

const FONT = '"Inter Variable", Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

// Mantine's palettes with shades 8 and 9 darkened where they fell short of 4.5:1: shade 8 is
// every filled component's background (under white text), shade 9 the text of light badges.
const colors = {
  teal: [
    '#e6fcf5',
    '#c3fae8',
    '#96f2d7',
    '#63e6be',
    '#38d9a9',
    '#20c997',
    '#12b886',
    '#0ca678',
    '#08835e',
    '#087756',
  ] as MantineColorsTuple,
  green: [
    '#ebfbee',
    '#d3f9d8',
    '#b2f2bb',
    '#8ce99a',
    '#69db7c',
    '#51cf66',
    '#40c057',
    '#37b24d',
    '#278238',
    '#267937',
  ] as MantineColorsTuple,
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#f59f00',
    '#a86200',
    '#a65600',
  ] as MantineColorsTuple,
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#f76707',
    '#c34b0a',
    '#b63c0d',
  ] as MantineColorsTuple,
  lime: [
    '#f4fce3',
    '#e9fac8',
    '#d8f5a2',
    '#c0eb75',
    '#a9e34b',
    '#94d82d',
    '#82c91e',
    '#74b816',
    '#4e800b',
    '#4a760a',
  ] as MantineColorsTuple,
  cyan: [
    '#e3fafc',
    '#c5f6fa',
    '#99e9f2',
    '#66d9e8',
    '#3bc9db',
    '#22b8cf',
    '#15aabf',
    '#1098ad',
    '#0b7d90',
    '#0b7285',
  ] as MantineColorsTuple,
  grape: [
    '#f8f0fc',
    '#f3d9fa',
    '#eebefa',
    '#e599f7',
    '#da77f2',
    '#cc5de8',
    '#be4bdb',
    '#ae3ec9',
    '#9c36b5',
    '#862e9c',
  ] as MantineColorsTuple,
  red: [
    '#fff5f5',
    '#ffe3e3',
    '#ffc9c9',
    '#ffa8a8',
    '#ff8787',
    '#ff6b6b',
    '#fa5252',
    '#f03e3e',
    '#d72f2f',
    '#c12828',
  ] as MantineColorsTuple,
}

// Contrast is fixed here, once, for every component (WCAG 2.2 AA, 4.5:1 for text): the filled
// primary is indigo 8 (5.7:1 under white text; indigo 6 was 4.3:1).
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 8 },
  colors,
  defaultRadius: 'md',
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  focusRing: 'auto',
  components: {
    // Links in running text are told apart by more than colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
  },
})

/**
 * The app's own surface, border and accent colours (--app-*), for both schemes, so component
 * styles name a role rather than a shade and hold their contrast in dark mode too.
 * Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on dark 7, 4.0:1), placeholder and
 * error colours fall short of 4.5:1: one step darker in light, one lighter in dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--app-accent': 'var(--mantine-color-indigo-8)',
    '--app-accent-border': 'var(--mantine-color-indigo-6)',
    '--app-accent-surface': 'var(--mantine-color-indigo-0)',
    '--app-border': 'var(--mantine-color-gray-2)',
    '--app-border-strong': 'var(--mantine-color-gray-4)',
    '--app-surface': 'var(--mantine-color-gray-0)',
    '--app-surface-strong': 'var(--mantine-color-gray-1)',
    '--app-checker-a': '#f4f5f7',
    '--app-checker-b': '#eceef1',
    '--app-focus': 'var(--mantine-color-indigo-7)',
    '--app-scroll-shade': 'rgb(0 0 0 / 0.3)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    '--app-accent': 'var(--mantine-color-indigo-3)',
    '--app-accent-border': 'var(--mantine-color-indigo-4)',
    '--app-accent-surface': 'var(--mantine-color-dark-6)',
    '--app-border': 'var(--mantine-color-dark-4)',
    '--app-border-strong': 'var(--mantine-color-dark-3)',
    '--app-surface': 'var(--mantine-color-dark-6)',
    '--app-surface-strong': 'var(--mantine-color-dark-5)',
    '--app-checker-a': '#2e2e2e',
    '--app-checker-b': '#383838',
    '--app-focus': 'var(--mantine-color-indigo-3)',
    '--app-scroll-shade': 'rgb(255 255 255 / 0.25)',
  },
})
