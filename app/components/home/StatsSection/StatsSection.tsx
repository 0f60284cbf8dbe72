import { Container, Title } from '@mantine/core'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { SITE_NAME, STATS_ANIMATION_MS } from '~/lib/constants'
import classes from './StatsSection.module.css'

interface Stat {
  label: string
  value: number
  suffix: string
}

const STATS: Stat[] = [
  { label: 'Curated Assets', value: 5000, suffix: '+ assets' },
  { label: 'Happy Users', value: 500, suffix: '+' },
  { label: 'New Assets Weekly', value: 200, suffix: '+' },
  { label: 'Downloads', value: 10000, suffix: '+' },
]

// Share of the block that must be visible before the count starts.
const VISIBLE_RATIO = 0.3

/** Fixed locale: the server and every browser must print the same digits (no hydration mismatch). */
function formatStat(stat: Stat, progress = 1): string {
  return `${Math.round(stat.value * progress).toLocaleString('en-US')}${stat.suffix}`
}

/**
 * 0..1 progress of the count-up. Starts at 1, so the server HTML (and a browser without
 * JavaScript or with reduced motion) shows the final figures; drops to 0 only while the block
 * is off screen or at the moment the animation starts.
 */
function useCountUp(ref: RefObject<HTMLElement | null>): number {
  const [progress, setProgress] = useState(1)
  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let frame = 0
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]
        if (!entry.isIntersecting) {
          // Nobody can see the reset from here, so the count will start at 0 when it scrolls in.
          setProgress(0)
          return
        }
        if (entry.intersectionRatio < VISIBLE_RATIO) return
        observer.disconnect() // once
        const start = performance.now()
        setProgress(0)
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / STATS_ANIMATION_MS)
          setProgress(t === 1 ? 1 : 1 - (1 - t) ** 3) // ease-out: fast start, gentle landing
          if (t < 1) frame = requestAnimationFrame(tick)
        }
        frame = requestAnimationFrame(tick)
      },
      { threshold: [0, VISIBLE_RATIO] },
    )
    observer.observe(node)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [ref])
  return progress
}

/** 'by the Numbers': static figures that count up once when scrolled into view. */
export function StatsSection() {
  const ref = useRef<HTMLDListElement>(null)
  const progress = useCountUp(ref)
  return (
    <section className={classes.section} aria-labelledby="stats-heading">
      <Container size="lg">
        <Title order={2} id="stats-heading" className={classes.heading}>
          {SITE_NAME} by the Numbers
        </Title>
        <dl ref={ref} className={classes.grid}>
          {STATS.map((stat) => (
            <div key={stat.label} className={classes.stat}>
              <dt className={classes.label}>{stat.label}</dt>
              <dd className={classes.value}>{formatStat(stat, progress)}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  )
}
