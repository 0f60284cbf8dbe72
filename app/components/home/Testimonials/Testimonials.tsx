import { Container, Text, Title } from '@mantine/core'
import { IconButton } from '~/components/IconButton/IconButton'
import { useEffect, useRef, useState } from 'react'
import { CAROUSEL_AUTOPLAY_MS } from '~/lib/constants'
import { TESTIMONIALS, type Testimonial } from '~/lib/testimonials'
import classes from './Testimonials.module.css'

type PauseReason = 'hover' | 'focus' | 'touch'

/**
 * 'What they said'. The server renders a horizontally scrollable row (scroll-snap), which is
 * the whole experience without JavaScript. After hydration the row gets previous/next buttons
 * (wrapping around at the ends) and advances one slide every 4 s, pausing while hovered,
 * focused, touched or in a hidden tab; it stays a native scroller (swipe, keys), so no carousel
 * library is needed (embla cost every first visit 8 KB gzip after hydration).
 */
export function Testimonials({ testimonials = TESTIMONIALS }: { testimonials?: Testimonial[] }) {
  const rootRef = useRef<HTMLDivElement>(null)
  const viewportRef = useRef<HTMLDivElement>(null)
  const [enhanced, setEnhanced] = useState(false)

  useEffect(() => {
    const root = rootRef.current
    const viewport = viewportRef.current
    if (!root || !viewport) return
    setEnhanced(true)
    const paused = new Set<PauseReason>()
    let timer: ReturnType<typeof setInterval> | undefined
    const sync = () => {
      const shouldPlay = paused.size === 0 && document.visibilityState === 'visible' && viewport.scrollWidth > viewport.clientWidth
      if (shouldPlay && !timer) timer = setInterval(() => step(viewport, 1), CAROUSEL_AUTOPLAY_MS)
      else if (!shouldPlay && timer) {
        clearInterval(timer)
        timer = undefined
      }
    }
    const pause = (reason: PauseReason) => {
      paused.add(reason)
      sync()
    }
    const resume = (reason: PauseReason) => {
      paused.delete(reason)
      sync()
    }
    // Hover only for a real mouse: touch fires pointerenter without a matching "leave" moment.
    const onPointerEnter = (event: PointerEvent) => event.pointerType === 'mouse' && pause('hover')
    const onPointerLeave = (event: PointerEvent) => event.pointerType === 'mouse' && resume('hover')
    // A finger on the row stops the autoplay for good, as a swipe means the person took over.
    const onTouch = () => pause('touch')
    const onFocusIn = () => pause('focus')
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) resume('focus')
    }
    root.addEventListener('pointerenter', onPointerEnter)
    root.addEventListener('pointerleave', onPointerLeave)
    root.addEventListener('focusin', onFocusIn)
    root.addEventListener('focusout', onFocusOut)
    viewport.addEventListener('touchstart', onTouch, { passive: true })
    document.addEventListener('visibilitychange', sync)
    // JavaScript may arrive while the pointer or the focus is already there.
    if (root.matches(':hover')) paused.add('hover')
    if (root.matches(':focus-within')) paused.add('focus')
    sync()
    return () => {
      root.removeEventListener('pointerenter', onPointerEnter)
      root.removeEventListener('pointerleave', onPointerLeave)
      root.removeEventListener('focusin', onFocusIn)
      root.removeEventListener('focusout', onFocusOut)
      viewport.removeEventListener('touchstart', onTouch)
      document.removeEventListener('visibilitychange', sync)
      if (timer) clearInterval(timer)
    }
  }, [])

  return (
    <section className={classes.section} aria-labelledby="testimonials-heading">
      <Container size="lg">
        <Title order={2} id="testimonials-heading" className={classes.heading}>
          What they said
        </Title>
        <div
          ref={rootRef}
          className={classes.carousel}
          role="region"
          aria-roledescription="carousel"
          aria-labelledby="testimonials-heading"
          // Buttons and a hidden scrollbar only once the script runs: without it, the scrollbar is the control.
          data-enhanced={enhanced ? true : undefined}
        >
          {/* Focusable so keyboard users can scroll it with the arrow keys. */}
          <div ref={viewportRef} className={classes.viewport} tabIndex={0} role="group" aria-label="Testimonial slides">
            <div className={classes.container}>
              {testimonials.map((testimonial, index) => (
                <div
                  key={`${testimonial.author}-${index}`}
                  className={classes.slide}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${testimonials.length}`}
                >
                  <TestimonialCard testimonial={testimonial} />
                </div>
              ))}
            </div>
          </div>
          {enhanced ? (
            <div className={classes.controls}>
              <IconButton variant="default" size="xl" radius="xl" aria-label="Previous testimonial" onClick={() => step(viewportRef.current, -1)}>
                <ChevronIcon direction="left" />
              </IconButton>
              <IconButton variant="default" size="xl" radius="xl" aria-label="Next testimonial" onClick={() => step(viewportRef.current, 1)}>
                <ChevronIcon direction="right" />
              </IconButton>
            </div>
          ) : null}
        </div>
      </Container>
    </section>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={classes.card} data-colour={testimonial.colour}>
      <Stars count={testimonial.stars} />
      <Title order={3} className={classes.title}>
        {testimonial.title}
      </Title>
      <blockquote className={classes.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={classes.author}>
        <span className={classes.avatar} aria-hidden="true">
          {initials(testimonial.author)}
        </span>
        <span>
          <Text component="span" fw={600} display="block">
            {testimonial.author}
          </Text>
          <Text component="span" size="sm" c="dimmed" display="block">
            {testimonial.role}
          </Text>
        </span>
      </figcaption>
    </figure>
  )
}

function Stars({ count }: { count: number }) {
  return (
    <div className={classes.stars} role="img" aria-label={`${count} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" data-filled={i < count || undefined}>
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </div>
  )
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  )
}

/** One slide forward (1) or back (-1), wrapping around at the ends; no animation for those who asked for less motion. */
function step(viewport: HTMLElement | null, direction: 1 | -1) {
  if (!viewport) return
  const slides = viewport.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')
  if (slides.length < 2) return
  const width = slides[1].offsetLeft - slides[0].offsetLeft
  const end = viewport.scrollWidth - viewport.clientWidth
  const behavior = prefersReducedMotion() ? 'instant' : 'smooth'
  if (direction === 1 && viewport.scrollLeft >= end - 2) viewport.scrollTo({ left: 0, behavior })
  else if (direction === -1 && viewport.scrollLeft <= 2) viewport.scrollTo({ left: end, behavior })
  else viewport.scrollBy({ left: direction * width, behavior })
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}
