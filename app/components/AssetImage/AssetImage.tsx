import { useEffect, useRef, useState } from 'react'
import { PLACEHOLDER_IMAGE } from '~/lib/constants'
import { webpVariant } from '~/lib/asset-view'
import type { CardPicture } from '~/lib/asset-shape'
import classes from './AssetImage.module.css'

interface AssetImageProps {
  src: string
  alt: string
  className?: string
  loading?: 'lazy' | 'eager'
  width?: number
  height?: number
  style?: React.CSSProperties
  /** The page's largest image on the first screen: fetched first (fetchpriority=high). */
  priority?: boolean
  /** Fills its frame, the whole picture shown in it (object-fit: contain). */
  whole?: boolean
  /** Larger files of the same picture for the browser to choose from by the image's width. */
  choices?: CardPicture | null
}

const srcSetOf = (candidates: { src: string; width: number }[]) =>
  candidates.map(({ src, width }) => `${src} ${width}w`).join(', ')

/**
 * An asset image: the WebP variant where the browser takes it, the PNG otherwise, fading in
 * once loaded and replaced by the placeholder if it fails. The fade only applies once
 * JavaScript runs (html.js), so without it images simply show, and only to lazy images: an
 * eager one is on the first screen, and hiding it until hydration marks it loaded would hold
 * the page's largest paint back until the JavaScript has run.
 */
export function AssetImage({
  src,
  alt,
  className,
  loading = 'lazy',
  width,
  height,
  style,
  priority = false,
  whole = false,
  choices,
}: AssetImageProps) {
  const classNames = [classes.image, whole ? classes.whole : '', className ?? ''].filter(Boolean).join(' ')
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed')
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    setState(src ? 'loading' : 'failed')
  }, [src])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src must re-check an image that loaded before hydration
  useEffect(() => {
    // Images that finished before hydration fire no load event for React.
    const img = ref.current
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'failed')
  }, [src])
  if (state === 'failed') {
    return <img src={PLACEHOLDER_IMAGE} alt={alt} className={classNames} width={width} height={height} style={style} />
  }
  const eager = priority || loading === 'eager'
  const webpChoices = choices?.candidates.map(({ src, width }) => ({ src: webpVariant(src) ?? '', width }))
  // With choices, a WebP set only when every file has its WebP copy (else the PNGs choose alone).
  const webp = webpChoices
    ? webpChoices.every((choice) => choice.src)
      ? srcSetOf(webpChoices)
      : null
    : webpVariant(src)
  // Never sizes="auto": with lazy loading off (no JavaScript) Chromium then fetched the preview
  // for cards narrower than the thumbnail, about one page load in two.
  const sizes = choices?.sizes
  return (
    <picture className={classes.frame}>
      {webp ? <source srcSet={webp} sizes={sizes} type="image/webp" /> : null}
      <img
        ref={ref}
        src={src}
        srcSet={choices ? srcSetOf(choices.candidates) : undefined}
        sizes={sizes}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        width={width}
        height={height}
        style={style}
        className={classNames}
        data-state={state}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </picture>
  )
}
