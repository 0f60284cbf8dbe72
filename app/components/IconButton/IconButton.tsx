import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react'
import { Link } from 'react-router'
import { theme } from '~/theme'

const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid'
const primary = theme.primaryColor ?? 'blue'
const VARIANTS = {
  subtle: {
    '--ai-bg': 'transparent',
    '--ai-hover': `var(--mantine-color-${primary}-light-hover)`,
    '--ai-color': `var(--mantine-color-${primary}-light-color)`,
    '--ai-bd': `${BORDER} transparent`,
  },
  default: {
    '--ai-bg': 'var(--mantine-color-default)',
    '--ai-hover': 'var(--mantine-color-default-hover)',
    '--ai-color': 'var(--mantine-color-default-color)',
    '--ai-bd': `${BORDER} var(--mantine-color-default-border)`,
  },
}
const CLASSES =
  'mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root'

interface IconButtonProps {
  variant: keyof typeof VARIANTS
  size: 'lg' | 'xl'
  radius?: 'xl'
  'aria-label': string
  children: ReactNode
}

function look({ variant, size, radius }: IconButtonProps) {
  const style = {
    '--ai-size': `var(--ai-size-${size})`,
    ...(radius ? { '--ai-radius': `var(--mantine-radius-${radius})` } : {}),
    ...VARIANTS[variant],
  }
  return { style: style as CSSProperties, className: CLASSES, 'data-variant': variant, 'data-size': size }
}

/**
 * Mantine's ActionIcon written out (its markup, its class names, so its stylesheet styles it):
 * the component is not worth its bytes in the header of every page.
 * tests/unit/plain-mantine.test.ts checks the markup against Mantine's own.
 */
export function IconButton(props: IconButtonProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'>) {
  const { variant, size, radius, children, type = 'button', ...rest } = props
  return (
    <button {...look(props)} type={type} {...rest}>
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  )
}

/** The same look on a link. */
export function IconLink(props: IconButtonProps & { to: string }) {
  const { variant, size, radius, children, to, ...rest } = props
  return (
    <Link {...look(props)} to={to} {...rest}>
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </Link>
  )
}
