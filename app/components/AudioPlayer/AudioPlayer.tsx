import { useEffect, useRef, useState } from 'react'
import type { AudioView } from '~/lib/asset-view'
import { formatDuration } from '~/lib/asset-view'
import classes from './AudioPlayer.module.css'

/**
 * The listening preview as a native player: it plays without JavaScript. preload="none" keeps
 * a page of previews from fetching megabytes nobody asked for.
 */
export function AudioPreview({ audio, title }: { audio: AudioView; title: string }) {
  return (
    <audio
      controls
      preload="none"
      className={classes.native}
      aria-label={`Listen to ${title}`}
      data-testid="audio-preview"
    >
      <source src={audio.preview_url} type="audio/mpeg" />
    </audio>
  )
}

// One card plays at a time: starting another pauses this one.
let current: { audio: HTMLAudioElement; stop: () => void } | null = null

/**
 * The duration on every audio card, and a way to play the preview in place: with JavaScript a
 * play button (one card at a time), without it the browser's own player.
 */
export function CardAudio({ audio, title }: { audio: AudioView; title: string }) {
  const [enhanced, setEnhanced] = useState(false)
  const [playing, setPlaying] = useState(false)
  useEffect(() => setEnhanced(true), [])
  const own = useRef<HTMLAudioElement | null>(null)
  // Leaving the page (or the card) stops its sound, and only its own.
  useEffect(
    () => () => {
      if (current && current.audio === own.current) current.stop()
    },
    [],
  )

  function toggle() {
    if (playing && current) {
      current.stop()
      return
    }
    current?.stop()
    const element = new Audio(audio.preview_url)
    own.current = element
    const stop = () => {
      element.pause()
      setPlaying(false)
      if (current?.audio === element) current = null
    }
    element.addEventListener('ended', stop)
    current = { audio: element, stop }
    setPlaying(true)
    element.play().catch(stop)
  }

  return (
    <>
      <span className={classes.duration} data-testid="audio-duration">
        {formatDuration(audio.duration_ms)}
      </span>
      {enhanced ? null : (
        // Hidden by the stylesheet once scripts run, until the button replaces it; preload="none"
        // fetches nothing until it is played.
        <audio
          controls
          preload="none"
          src={audio.preview_url}
          className={classes.cardNative}
          aria-label={`Listen to ${title}`}
          data-testid="card-audio"
        />
      )}
      {enhanced ? (
        <button
          type="button"
          className={classes.play}
          data-playing={playing ? 'true' : undefined}
          aria-pressed={playing}
          aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
          onClick={toggle}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      ) : null}
    </>
  )
}
