import { Container, Text, Title } from '@mantine/core'
import { IconButton } from '~/components/IconButton/IconButton'
import type { EmblaCarouselType } from 'embla-carousel'
import { useEffect, useRef, useState } from 'react'
import { CAROUSEL_AUTOPLAY_MS } from '~/lib/constants'
import type { Testimonial } from '~/lib/testimonials'
import classes from './Testimonials.module.css'

const CAROUSEL_OPTIONS = { loop: true, align: 'start' } as const

type PauseReason = 'hover' | 'focus' | 'drag'

/**
 * 'What they said'. The server renders a plain horizontally scrollable row (scroll-snap), which
 * is the whole experience without JavaScript. After hydration embla takes the row over: the
 * viewport stops scrolling natively (data-enhanced), previous/next buttons appear, and it
 * auto-advances every 4 s, pausing while hovered, focused, dragged or in a hidden tab.
 */
/**
 * Embla, loaded with a dynamic import when the row comes near the screen: it works as a plain
 * scrollable row until then, so the carousel's code (8 KB gzip) is not part of a first visit
 * that never scrolls down to it.
 */
function useLazyEmbla(): [(node: HTMLDivElement | null) => void, EmblaCarouselType | undefined] {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null)
  const [api, setApi] = useState<EmblaCarouselType>()
  useEffect(() => {
    if (!viewport) return
    let cancelled = false
    let instance: EmblaCarouselType | undefined
    const load = () =>
      Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
        ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
          if (cancelled) return
          // Autoplay is driven below from our own pause reasons: the plugin's built-in hover/focus
          // handling resumes on mouseleave even while focus is still inside, and ignores our buttons.
          instance = EmblaCarousel(viewport, CAROUSEL_OPTIONS, [
            Autoplay({
              delay: CAROUSEL_AUTOPLAY_MS,
              playOnInit: false,
              stopOnInteraction: true, // the plugin stops on pointer down; we decide when to resume
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            }),
          ])
          setApi(instance)
        },
        () => undefined,
      ) // no carousel (offline, a failed chunk): the row still scrolls natively
    // Within a screen's height of the row, so it is running by the time it is seen.
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((entry) => entry.isIntersecting)) return
              observer?.disconnect()
              void load()
            },
            { rootMargin: '100% 0px' },
          )
        : null
    if (observer) observer.observe(viewport)
    else void load()
    return () => {
      cancelled = true
      observer?.disconnect()
      instance?.destroy()
      setApi(undefined)
    }
  }, [viewport])
  return [setViewport, api]
}

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  const [viewportRef, emblaApi] = useLazyEmbla()
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const root = rootRef.current
    const autoplay = emblaApi?.plugins().autoplay
    if (!emblaApi || !root || !autoplay) return
    const viewport = emblaApi.rootNode()

    // Someone may have scrolled the native row before hydration: carry that position over
    // to embla, which moves the row with transforms and expects scrollLeft to be 0.
    if (viewport.scrollLeft > 0) {
      const left = viewport.scrollLeft
      const slides = emblaApi.slideNodes()
      let nearest = 0
      slides.forEach((slide, i) => {
        if (Math.abs(slide.offsetLeft - left) < Math.abs(slides[nearest].offsetLeft - left)) nearest = i
      })
      viewport.scrollLeft = 0
      emblaApi.scrollTo(nearest, true)
    }

    // Without sliding animations when the user asked for less motion.
    const reduceMotion = prefersReducedMotion()
    const paused = new Set<PauseReason>()
    const sync = () => {
      const shouldPlay =
        paused.size === 0 && document.visibilityState === 'visible' && emblaApi.scrollSnapList().length > 1
      if (shouldPlay && !autoplay.isPlaying()) autoplay.play(reduceMotion)
      else if (!shouldPlay && autoplay.isPlaying()) autoplay.stop()
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
    const onFocusIn = () => pause('focus')
    const onFocusOut = (event: FocusEvent) => {
      if (!root.contains(event.relatedTarget as Node | null)) resume('focus')
    }
    const onDragStart = () => pause('drag')
    const onDragEnd = () => resume('drag')
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault()
        if (event.key === 'ArrowLeft') emblaApi.scrollPrev(reduceMotion)
        else emblaApi.scrollNext(reduceMotion)
      }
    }

    root.addEventListener('pointerenter', onPointerEnter)
    root.addEventListener('pointerleave', onPointerLeave)
    root.addEventListener('focusin', onFocusIn)
    root.addEventListener('focusout', onFocusOut)
    viewport.addEventListener('keydown', onKeyDown)
    document.addEventListener('visibilitychange', sync)
    emblaApi.on('pointerDown', onDragStart).on('pointerUp', onDragEnd)
    // Embla re-creates its plugins on reInit (a resize, for instance), which stops autoplay.
    emblaApi.on('reInit', sync)

    // JavaScript may arrive while the pointer or the focus is already there.
    if (root.matches(':hover')) paused.add('hover')
    if (root.matches(':focus-within')) paused.add('focus')
    sync()

    return () => {
      root.removeEventListener('pointerenter', onPointerEnter)
      root.removeEventListener('pointerleave', onPointerLeave)
      root.removeEventListener('focusin', onFocusIn)
      root.removeEventListener('focusout', onFocusOut)
      viewport.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('visibilitychange', sync)
      emblaApi.off('pointerDown', onDragStart).off('pointerUp', onDragEnd).off('reInit', sync)
      autoplay.stop()
    }
  }, [emblaApi])

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
          // Switches the CSS from native scrolling to embla only once embla is running, so a
          // failed or missing script still leaves a scrollable row.
          data-enhanced={emblaApi ? true : undefined}
        >
          {/* Focusable so keyboard users can scroll it: natively without JS, with the arrow keys with JS. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it */}
          <div ref={viewportRef} className={classes.viewport} tabIndex={0} role="group" aria-label="Testimonial slides">
            <div className={classes.container}>
              {testimonials.map((testimonial, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list; the author alone may repeat
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
          {emblaApi ? (
            <div className={classes.controls}>
              <IconButton
                variant="default"
                size="xl"
                radius="xl"
                aria-label="Previous testimonial"
                onClick={() => emblaApi.scrollPrev(prefersReducedMotion())}
              >
                <ChevronIcon direction="left" />
              </IconButton>
              <IconButton
                variant="default"
                size="xl"
                radius="xl"
                aria-label="Next testimonial"
                onClick={() => emblaApi.scrollNext(prefersReducedMotion())}
              >
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
        // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
        <svg key={i} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" data-filled={i < count || undefined}>
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
        </svg>
      ))}
    </div>
  )
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  )
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
