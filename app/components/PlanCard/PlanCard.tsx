import { Badge, Group, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import classes from './PlanCard.module.css'

export interface PlanCardProps {
  name: string
  /** The price as shown, e.g. '$9'. */
  price: string
  /** Under or beside the price, e.g. 'per month'. */
  period: string
  summary: string
  /** What it includes; one with `to` links to the page that shows it. */
  features: (string | { label: string; to: string })[]
  /** The recommended plan stands out. */
  featured?: boolean
  /** A small label beside the name, e.g. 'Current plan'. */
  badge?: string | null
  /** The plan's call to action and any notes under it. */
  children?: ReactNode
}

/** One plan on /pricing: name, price, what it includes and what to do next. */
export function PlanCard({ name, price, period, summary, features, featured = false, badge, children }: PlanCardProps) {
  const id = `plan-${name.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section className={classes.card} data-featured={featured || undefined} aria-labelledby={id}>
      <Group justify="space-between" align="center" mb={4}>
        <Title order={2} fz={24} id={id}>
          {name}
        </Title>
        {badge ? (
          <Badge variant="light" color={featured ? 'indigo' : 'gray'}>
            {badge}
          </Badge>
        ) : null}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {summary}
      </Text>
      <p className={classes.price}>
        <span className={classes.amount}>{price}</span> <span className={classes.period}>{period}</span>
      </p>
      <ul className={classes.features}>
        {features.map((feature) => (
          <li key={typeof feature === 'string' ? feature : feature.label}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={classes.tick}>
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {typeof feature === 'string' ? (
              feature
            ) : (
              <Link to={feature.to} className={classes.link}>
                {feature.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className={classes.action}>{children}</div>
    </section>
  )
}
