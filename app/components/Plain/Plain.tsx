import type { AnchorHTMLAttributes, ButtonHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router'
import { theme } from '~/theme'

const primaryColor = theme.primaryColor ?? 'blue'

// Mantine's Group, VisuallyHidden, Anchor, Button, Stack, Text, Title and Card written out (their
// markup and class names, so Mantine's stylesheet styles them the same). On the home page each
// component module is a chunk of its own that a first visit would download for a few static
// elements; on a signed-in page rendered per request (the profile), Mantine's props and styles
// machinery costs about a third of the render's CPU for elements that never change.
// tests/unit/plain-mantine.test.ts checks the markup against Mantine's own.

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl'

/** A Mantine spacing: a theme step, or pixels as Mantine's `rem()` writes them. */
type Space = Spacing | number
const space = (value: Space) =>
  typeof value === 'number' ? `calc(${value / 16}rem * var(--mantine-scale))` : `var(--mantine-spacing-${value})`

/** Mantine's margin props, in the order Mantine writes them. */
function margins({ mt, mb }: { mt?: Space; mb?: Space }) {
  return {
    ...(mt !== undefined ? { marginTop: space(mt) } : {}),
    ...(mb !== undefined ? { marginBottom: space(mb) } : {}),
  }
}

/** Mantine's `<Group>` (wraps; gap md and centred vertically unless told). */
export function Row({
  justify = 'flex-start',
  align = 'center',
  gap = 'md',
  mt,
  mb,
  component: Tag = 'div',
  children,
  ...rest
}: {
  justify?: 'flex-start' | 'center' | 'space-between'
  align?: 'center' | 'baseline' | 'flex-start'
  gap?: Space
  mt?: Space
  mb?: Space
  component?: 'div' | 'li'
  children: ReactNode
} & HTMLAttributes<HTMLElement>) {
  const style = {
    '--group-gap': space(gap),
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': 'wrap',
    ...margins({ mt, mb }),
  }
  return (
    <Tag style={style as CSSProperties} className="m_4081bf90 mantine-Group-root" {...rest}>
      {children}
    </Tag>
  )
}

type TextColour = 'dimmed' | 'red' | 'green'

/** Mantine's `<Text>` (a paragraph, or a span with `span`). */
export function Txt({
  size,
  c,
  fw,
  mt,
  mb,
  span,
  children,
  ...rest
}: {
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl'
  c?: TextColour
  fw?: 500 | 700
  mt?: Space
  mb?: Space
  span?: boolean
  children: ReactNode
} & HTMLAttributes<HTMLElement>) {
  const style = {
    ...(size
      ? { '--text-fz': `var(--mantine-font-size-${size})`, '--text-lh': `var(--mantine-line-height-${size})` }
      : {}),
    ...margins({ mt, mb }),
    ...(c ? { color: c === 'dimmed' ? 'var(--mantine-color-dimmed)' : `var(--mantine-color-${c}-text)` } : {}),
    ...(fw ? { fontWeight: fw } : {}),
  }
  const Tag = span ? 'span' : 'p'
  return (
    <Tag
      style={Object.keys(style).length ? (style as CSSProperties) : undefined}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      {...rest}
    >
      {children}
    </Tag>
  )
}

/** Mantine's `<Title>`. */
export function Heading({
  order,
  fz,
  mt,
  mb,
  children,
  ...rest
}: {
  order: 1 | 2 | 3
  fz?: number
  mt?: Space
  mb?: Space
  children: ReactNode
} & HTMLAttributes<HTMLHeadingElement>) {
  const style = {
    '--title-fw': `var(--mantine-h${order}-font-weight)`,
    '--title-lh': `var(--mantine-h${order}-line-height)`,
    '--title-fz': `var(--mantine-h${order}-font-size)`,
    ...margins({ mt, mb }),
    ...(fz ? { fontSize: `calc(${fz / 16}rem * var(--mantine-scale))` } : {}),
  }
  const Tag = `h${order}` as const
  return (
    <Tag style={style as CSSProperties} className="m_8a5d1357 mantine-Title-root" data-order={order} {...rest}>
      {children}
    </Tag>
  )
}

/** Mantine's `<Card withBorder radius="md">`. */
export function Panel({
  p,
  mb,
  children,
  ...rest
}: { p: Spacing; mb?: Space; children: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const style = {
    '--paper-radius': 'var(--mantine-radius-md)',
    padding: `var(--mantine-spacing-${p})`,
    ...margins({ mb }),
  }
  return (
    <div
      style={style as CSSProperties}
      className="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root"
      data-with-border="true"
      data-orientation="vertical"
      {...rest}
    >
      {children}
    </div>
  )
}

/** Mantine's `<Stack>`. */
export function Column({
  gap = 'md',
  component: Tag = 'div',
  style: own,
  children,
  ...rest
}: { gap?: Spacing; component?: 'div' | 'ul'; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const style = {
    '--stack-gap': `var(--mantine-spacing-${gap})`,
    '--stack-align': 'stretch',
    '--stack-justify': 'flex-start',
    ...own,
  }
  return (
    <Tag style={style as CSSProperties} className="m_6d731127 mantine-Stack-root" {...rest}>
      {children}
    </Tag>
  )
}

/** Mantine's `<Badge>`: `light` as a link (a tag to search for), `outline` as a label. */
export function Tag({ to, children }: { to?: string; children: ReactNode }) {
  const border = 'calc(0.0625rem * var(--mantine-scale)) solid'
  const label = <span className="m_5add502a mantine-Badge-label">{children}</span>
  if (to) {
    const style = {
      '--badge-bg': `var(--mantine-color-${primaryColor}-light)`,
      '--badge-color': `var(--mantine-color-${primaryColor}-light-color)`,
      '--badge-bd': `${border} transparent`,
      cursor: 'pointer',
    }
    return (
      <Link to={to} style={style as CSSProperties} className="m_347db0ec mantine-Badge-root" data-variant="light">
        {label}
      </Link>
    )
  }
  const style = {
    '--badge-bg': 'transparent',
    '--badge-color': `var(--mantine-color-${primaryColor}-outline)`,
    '--badge-bd': `${border} var(--mantine-color-${primaryColor}-outline)`,
  }
  return (
    <div style={style as CSSProperties} className="m_347db0ec mantine-Badge-root" data-variant="outline">
      {label}
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
