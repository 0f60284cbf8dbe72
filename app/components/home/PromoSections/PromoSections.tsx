import { Container, Text, Title } from '@mantine/core'
import { ButtonLink } from '~/components/Plain/Plain'
import type { ReactNode } from 'react'
import { FREE_DAILY_DOWNLOADS, PRO_PRICE_USD } from '~/lib/constants'
import classes from './PromoSections.module.css'

interface Promo {
  id: string
  eyebrow: string
  title: string
  text: string
  points: string[]
  cta: { to: string; label: string }
  art: ReactNode
}

const PROMOS: Promo[] = [
  {
    id: 'promo-transparent',
    eyebrow: '3D renders',
    title: 'Transparent PNGs, ready to drop in',
    text: 'Every 3D object is rendered on a transparent background, so it sits on any colour, photo or layout without masking or cleanup.',
    points: [
      'No background to remove',
      'One consistent style across the library',
      'Works in slides, sites, apps and video',
    ],
    cta: { to: '/explore?asset_type=3d', label: 'Browse 3D renders' },
    art: <TransparentArt />,
  },
  {
    id: 'promo-weekly',
    eyebrow: 'Always growing',
    title: 'New assets every week',
    text: `The library grows every week. Free accounts get ${FREE_DAILY_DOWNLOADS} downloads a day; Pro, at $${PRO_PRICE_USD} a month, removes the limit and gives you early access to new assets.`,
    points: ['Fresh drops every week', 'Early access with Pro', 'Videos and sound effects planned'],
    cta: { to: '/pricing', label: 'See plans' },
    art: <WeeklyArt />,
  },
  {
    id: 'promo-custom',
    eyebrow: 'Custom work',
    title: 'Need something custom?',
    text: 'Looking for an object, a style or a set made just for you, or an asset exclusive to your brand? Tell us what you need.',
    points: ['Custom and exclusive assets', 'Same artist, same quality', 'Replies within 1-2 business days'],
    cta: { to: '/contact', label: 'Contact us' },
    art: <CustomArt />,
  },
]

/** Promo blocks between the home page sections; alternate sides on wide screens for rhythm. */
export function PromoSections() {
  return (
    <div className={classes.wrapper}>
      {PROMOS.map((promo) => (
        <section key={promo.id} className={classes.section} aria-labelledby={`${promo.id}-heading`}>
          <Container size="lg" className={classes.inner}>
            <div className={classes.copy}>
              <Text className={classes.eyebrow}>{promo.eyebrow}</Text>
              <Title order={2} id={`${promo.id}-heading`} className={classes.title}>
                {promo.title}
              </Title>
              <Text c="dimmed" className={classes.text}>
                {promo.text}
              </Text>
              <ul className={classes.points}>
                {promo.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <ButtonLink to={promo.cta.to} size="md">
                {promo.cta.label}
              </ButtonLink>
            </div>
            <div className={classes.art} aria-hidden="true">
              {promo.art}
            </div>
          </Container>
        </section>
      ))}
    </div>
  )
}

// Decorative illustrations drawn inline: no image requests, nothing to load.

function TransparentArt() {
  return (
    // The checkerboard behind says "transparent background" the way image editors do.
    <div className={classes.checker}>
      <svg viewBox="0 0 200 200" width="70%" height="70%">
        <defs>
          <radialGradient id="promo-sphere" cx="35%" cy="30%" r="70%">
            <stop offset="0%" stopColor="#c5cbff" />
            <stop offset="55%" stopColor="#5c6ef8" />
            <stop offset="100%" stopColor="#27308f" />
          </radialGradient>
        </defs>
        <ellipse cx="100" cy="176" rx="56" ry="10" fill="rgba(0,0,0,0.18)" />
        <circle cx="100" cy="96" r="70" fill="url(#promo-sphere)" />
        <ellipse cx="76" cy="66" rx="18" ry="11" fill="rgba(255,255,255,0.55)" />
      </svg>
    </div>
  )
}

function WeeklyArt() {
  return (
    <svg viewBox="0 0 200 160" width="100%" height="100%" className={classes.svg}>
      <rect x="20" y="24" width="160" height="120" rx="14" fill="#fff" stroke="#dee2e6" strokeWidth="2" />
      <rect x="20" y="24" width="160" height="30" rx="14" fill="#4c6ef5" />
      <rect x="20" y="40" width="160" height="14" fill="#4c6ef5" />
      {Array.from({ length: 14 }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing of 14 rectangles
          key={i}
          x={34 + (i % 7) * 20}
          y={68 + Math.floor(i / 7) * 34}
          width="14"
          height="22"
          rx="4"
          fill={i === 8 ? '#12b886' : '#e9ecef'}
        />
      ))}
      <circle cx="162" cy="30" r="18" fill="#fab005" />
      <text x="162" y="35" textAnchor="middle" fontSize="14" fontWeight="700" fill="#fff">
        new
      </text>
    </svg>
  )
}

function CustomArt() {
  return (
    <svg viewBox="0 0 200 160" width="100%" height="100%" className={classes.svg}>
      <rect x="24" y="30" width="120" height="76" rx="16" fill="#fff" stroke="#dee2e6" strokeWidth="2" />
      <path d="M48 106l-8 22 26-22z" fill="#fff" stroke="#dee2e6" strokeWidth="2" strokeLinejoin="round" />
      <rect x="44" y="52" width="80" height="8" rx="4" fill="#dbe4ff" />
      <rect x="44" y="70" width="56" height="8" rx="4" fill="#dbe4ff" />
      <rect x="112" y="64" width="72" height="60" rx="14" fill="#4c6ef5" />
      <path
        d="M134 94l10 10 20-22"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
