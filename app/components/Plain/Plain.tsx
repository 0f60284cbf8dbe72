import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'
import { theme } from '~/theme'

export const primaryColor = theme.primaryColor ?? 'blue'

// Mantine's Group, VisuallyHidden, Anchor, Button and Stack written out (their markup and class
// names, so Mantine's stylesheet styles them the same). On the home page each component module is
// a chunk of its own that a first visit would download for a few static elements; on pages
// rendered per request Mantine's props and styles machinery costs CPU for elements that never
// change (Typography.tsx has the text, titles, cards and badges those pages use, kept apart so
// the home page's first visit does not download them).
// tests/unit/plain-mantine.test.ts checks the markup against Mantine's own.

export type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl'

/** Mantine's `<Group>` (gap md, wrap, centred vertically), as the home page uses it. */
export function Row({
  justify = 'flex-start',
  mt,
  children,
}: {
  justify?: 'flex-start' | 'center'
  mt?: Spacing
  children: ReactNode
}) {
  const style = {
    '--group-gap': 'var(--mantine-spacing-md)',
    '--group-align': 'center',
    '--group-justify': justify,
    '--group-wrap': 'wrap',
    ...(mt ? { marginTop: `var(--mantine-spacing-${mt})` } : {}),
  }
  return (
    <div style={style as CSSProperties} className="m_4081bf90 mantine-Group-root">
      {children}
    </div>
  )
}

/** Mantine's `<VisuallyHidden>`: read by screen readers, not shown. */
export function Hidden({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>
}

/** Mantine's `<Anchor component={Link}>` (always underlined, as the theme sets). */
export function TextLink({
  to,
  size,
  className,
  children,
}: {
  to: string
  size?: 'sm'
  className?: string
  children: ReactNode
}) {
  const style = size
    ? ({
        '--text-fz': `var(--mantine-font-size-${size})`,
        '--text-lh': `var(--mantine-line-height-${size})`,
      } as CSSProperties)
    : undefined
  return (
    <Link
      style={style}
      className={`mantine-focus-auto m_849cf0da ${className ? `${className} ` : ''}m_b6d8b162 mantine-Text-root mantine-Anchor-root`}
      data-size={size}
      data-underline="always"
      to={to}
    >
      {children}
    </Link>
  )
}

// Mantine's Button: the same markup and class names, for the buttons of the header, the
// search forms, the 404 page and the home page (Button's module brings Transition and Loader
// with it, about 4 KB gzip on every first visit, for a loading state these never show).
type ButtonLook = { variant?: 'filled' | 'default' | 'light'; size?: 'sm' | 'md' | 'lg'; className?: string }

const BUTTON_BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid'
const BUTTON_VARIANTS = {
  filled: {
    '--button-bg': `var(--mantine-color-${primaryColor}-filled)`,
    '--button-hover': `var(--mantine-color-${primaryColor}-filled-hover)`,
    '--button-color': 'var(--mantine-color-white)',
    '--button-bd': `${BUTTON_BORDER} transparent`,
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': `${BUTTON_BORDER} var(--mantine-color-default-border)`,
  },
  light: {
    '--button-bg': `var(--mantine-color-${primaryColor}-light)`,
    '--button-hover': `var(--mantine-color-${primaryColor}-light-hover)`,
    '--button-color': `var(--mantine-color-${primaryColor}-light-color)`,
    '--button-bd': `${BUTTON_BORDER} transparent`,
  },
}

function buttonLook({ variant, size, className, disabled }: ButtonLook & { disabled?: boolean }) {
  const style = {
    ...(size
      ? {
          '--button-height': `var(--button-height-${size})`,
          '--button-padding-x': `var(--button-padding-x-${size})`,
          '--button-fz': `var(--mantine-font-size-${size})`,
        }
      : {}),
    ...(variant ? BUTTON_VARIANTS[variant] : { '--button-color': 'var(--mantine-color-white)' }),
  }
  return {
    style: style as CSSProperties,
    className: `mantine-focus-auto ${disabled ? '' : 'mantine-active '}${className ? `${className} ` : ''}m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`,
    'data-variant': variant,
    'data-size': size,
    'data-disabled': disabled ? 'true' : undefined,
  }
}

function ButtonLabel({ children }: { children: ReactNode }) {
  return (
    <span className="m_80f1301b mantine-Button-inner">
      <span className="m_811560b9 mantine-Button-label">{children}</span>
    </span>
  )
}

/** Mantine's `<Button component={Link}>`. */
export function ButtonLink({ variant, size, className, children, ...link }: ButtonLook & LinkProps) {
  return (
    <Link {...buttonLook({ variant, size, className })} {...link}>
      <ButtonLabel>{children}</ButtonLabel>
    </Link>
  )
}

/** Mantine's `<Button component="a">`, for in-page anchors. */
export function ButtonAnchor({
  variant,
  size,
  className,
  children,
  ...anchor
}: ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <a {...buttonLook({ variant, size, className })} {...anchor}>
      <ButtonLabel>{children}</ButtonLabel>
    </a>
  )
}

/** Mantine's `<Button>`. */
export function PlainButton({
  variant,
  size,
  className,
  children,
  type = 'button',
  disabled,
  ...button
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button {...buttonLook({ variant, size, className, disabled })} type={type} disabled={disabled} {...button}>
      <ButtonLabel>{children}</ButtonLabel>
    </button>
  )
}

/** Mantine's `<Stack align="center">` with the 404 page's padding. */
export function CentredStack({ children }: { children: ReactNode }) {
  const style = {
    '--stack-gap': 'var(--mantine-spacing-md)',
    '--stack-align': 'center',
    '--stack-justify': 'flex-start',
    paddingInline: 'var(--mantine-spacing-md)',
    paddingBlock: 'calc(6rem * var(--mantine-scale))',
  }
  return (
    <div style={style as CSSProperties} className="m_6d731127 mantine-Stack-root">
      {children}
    </div>
  )
}
