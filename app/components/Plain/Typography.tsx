import type { CSSProperties, HTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router'
import { primaryColor, type Spacing } from './Plain'

// Mantine's Text, Title, Card, Stack, Badge and Group written out for the pages rendered per request
// (the profile, the asset page): Mantine's props and styles machinery was about a third of the
// profile's render CPU for elements whose markup never changes. Same markup and class names, so
// Mantine's stylesheet styles them the same; tests/unit/plain-mantine.test.ts compares them with
// Mantine's own.

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
  fw?: 500 | 600 | 700
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
  mt,
  component: Tag = 'div',
  style: own,
  children,
  ...rest
}: { gap?: Spacing; mt?: Space; component?: 'div' | 'ul'; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const style = {
    '--stack-gap': `var(--mantine-spacing-${gap})`,
    '--stack-align': 'stretch',
    '--stack-justify': 'flex-start',
    ...margins({ mt }),
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

/** Mantine's `<Group>` (wraps; gap md and centred vertically unless told). */
export function Cluster({
  justify = 'flex-start',
  align = 'center',
  gap = 'md',
  wrap = 'wrap',
  mt,
  mb,
  component: Tag = 'div',
  className,
  children,
  ...rest
}: {
  justify?: 'flex-start' | 'center' | 'space-between'
  align?: 'center' | 'baseline' | 'flex-start' | 'flex-end'
  gap?: Space
  wrap?: 'wrap' | 'nowrap'
  mt?: Space
  mb?: Space
  component?: 'div' | 'li'
  children: ReactNode
} & HTMLAttributes<HTMLElement>) {
  const style = {
    '--group-gap': space(gap),
    '--group-align': align,
    '--group-justify': justify,
    '--group-wrap': wrap,
    ...margins({ mt, mb }),
  }
  return (
    <Tag
      style={style as CSSProperties}
      {...rest}
      className={`${className ? `${className} ` : ''}m_4081bf90 mantine-Group-root`}
    >
      {children}
    </Tag>
  )
}
