import classes from './ActivityChart.module.css'
import { plural } from '~/lib/plural'

export interface ActivityPoint {
  day: string
  downloads: number
  signups: number
}

const WIDTH = 720
const HEIGHT = 260
const PAD = { top: 16, right: 16, bottom: 36, left: 44 }

/** A round top for the y axis: 1, 2, 5 or 10 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10
  return step * power
}

/**
 * Downloads and sign-ups per day as an SVG drawn on the server: it needs no JavaScript and no
 * chart library. The figures are also in a table for screen readers and for copying.
 */
export function ActivityChart({ points }: { points: ActivityPoint[] }) {
  const max = niceMax(Math.max(0, ...points.map((p) => Math.max(p.downloads, p.signups))))
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1))
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH
  const line = (key: 'downloads' | 'signups') =>
    points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ')
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max]
  const totalDownloads = points.reduce((s, p) => s + p.downloads, 0)
  const totalSignups = points.reduce((s, p) => s + p.signups, 0)
  // The table of figures follows the figure: a details element is not allowed inside figure.
  return (
    <>
      <figure className={classes.figure}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className={classes.svg}
          role="img"
          aria-label={`Downloads and sign-ups per day over the last ${points.length} days: ${plural(totalDownloads, 'download')} and ${plural(totalSignups, 'sign-up')} in all.`}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className={classes.grid} />
              <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className={classes.axis}>
                {Number.isInteger(t) ? t : t.toFixed(1)}
              </text>
            </g>
          ))}
          {points.map((p, i) =>
            i % 5 === 0 || i === points.length - 1 ? (
              <text key={p.day} x={x(i)} y={HEIGHT - 12} textAnchor="middle" className={classes.axis}>
                {p.day.slice(5)}
              </text>
            ) : null,
          )}
          <polyline points={line('downloads')} className={classes.downloads} />
          <polyline points={line('signups')} className={classes.signups} />
          {points.map((p, i) => (
            <g key={`pt-${p.day}`}>
              <circle cx={x(i)} cy={y(p.downloads)} r={2.5} className={classes.downloadsDot}>
                <title>{`${p.day}: ${plural(p.downloads, 'download')}`}</title>
              </circle>
              <circle cx={x(i)} cy={y(p.signups)} r={2.5} className={classes.signupsDot}>
                <title>{`${p.day}: ${p.signups} sign-ups`}</title>
              </circle>
            </g>
          ))}
        </svg>
        <figcaption className={classes.legend}>
          <span className={classes.key} data-series="downloads">
            Downloads
          </span>
          <span className={classes.key} data-series="signups">
            Sign-ups
          </span>
        </figcaption>
      </figure>
      <details className={classes.details}>
        <summary>Show the figures</summary>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Downloads</th>
              <th scope="col">Sign-ups</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{p.day}</td>
                <td>{p.downloads}</td>
                <td>{p.signups}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}
