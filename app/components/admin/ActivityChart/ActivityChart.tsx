import classes from './ActivityChart.module.css'
import { plural } from '~/lib/plural'

/** The default chart's day: downloads and sign-ups. */
interface ActivityPoint {
  day: string
  downloads: number
  signups: number
}

/** One line of the chart: the key of its figure in each point, and its name in the legend. */
export interface ChartSeries<Key extends string = string> {
  key: Key
  label: string
  /** Singular and plural nouns for the totals and the dots' titles ('search', 'searches'). */
  noun: [string, string]
}

type ActivityKey = Exclude<keyof ActivityPoint, 'day'>

const ACTIVITY_SERIES: ChartSeries<ActivityKey>[] = [
  { key: 'downloads', label: 'Downloads', noun: ['download', 'downloads'] },
  { key: 'signups', label: 'Sign-ups', noun: ['sign-up', 'sign-ups'] },
]

const WIDTH = 720
const HEIGHT = 260
const PAD = { top: 16, right: 16, bottom: 36, left: 56 }

/** A round top for the y axis: four times a whole, round step, so every tick is a whole number. */
function niceMax(value: number): number {
  if (value <= 4) return 4
  const quarter = value / 4
  const power = 10 ** Math.floor(Math.log10(quarter))
  const step =
    [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((m) => m * power >= quarter && Number.isInteger(m * power)) ?? 10
  return step * power * 4
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** A tick of the y axis in at most four characters: 12, 2.5, 1.2K. */
function tickText(value: number): string {
  if (value >= 1000) return compact.format(value)
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

type Point<Key extends string> = { day: string } & Record<Key, number>

/**
 * Figures per day as an SVG drawn on the server: it needs no JavaScript and no chart library.
 * The figures are also in a table for screen readers and for copying. Downloads and sign-ups
 * unless other series are given (at most two are styled apart: solid, then dashed).
 */
export function ActivityChart<Key extends string = ActivityKey>({
  points,
  series = ACTIVITY_SERIES as unknown as ChartSeries<Key>[],
  summary,
}: {
  points: NoInfer<Point<Key>>[]
  series?: ChartSeries<Key>[]
  /** What the chart shows, read before its totals ('Downloads and sign-ups per day'). */
  summary?: string
}) {
  const max = niceMax(Math.max(0, ...points.flatMap((p) => series.map((s) => p[s.key]))))
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1))
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH
  const line = (key: Key) => points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ')
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max]
  const count = (s: ChartSeries<Key>, n: number) => plural(n, s.noun[0], s.noun[1])
  const totals = series.map((s) =>
    count(
      s,
      points.reduce((sum, p) => sum + p[s.key], 0),
    ),
  )
  const what = summary ?? 'Downloads and sign-ups per day'
  // The days named under the axis; on a phone every other one (data-minor), at a readable size.
  const step = points.length <= 31 ? 5 : Math.ceil(points.length / 12)
  const last = points.length - 1
  // Every step-th day and the last, but no day so close to the last that the two would overlap.
  const labelled = points.flatMap((_, i) => (i === last || (i % step === 0 && last - i >= step / 2) ? [i] : []))
  const style = (i: number) => (i === 0 ? classes.downloads : classes.signups)
  const dotStyle = (i: number) => (i === 0 ? classes.downloadsDot : classes.signupsDot)
  // The table of figures follows the figure: a details element is not allowed inside figure.
  return (
    <>
      <figure className={classes.figure}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className={classes.svg}
          role="img"
          aria-label={`${what} over the last ${plural(points.length, 'day')}: ${totals.join(' and ')} in all.`}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className={classes.grid} />
              <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" className={classes.axis}>
                {tickText(t)}
              </text>
            </g>
          ))}
          {labelled.map((i, n) => (
            <text
              key={points[i]!.day}
              x={x(i)}
              y={HEIGHT - 12}
              textAnchor="middle"
              className={classes.axis}
              data-minor={n % 2 === 1 && i !== last ? '' : undefined}
            >
              {points[i]!.day.slice(5)}
            </text>
          ))}
          {series.map((s, si) => (
            <polyline key={s.key} points={line(s.key)} className={style(si)} />
          ))}
          {points.length <= 31
            ? points.map((p, i) => (
                <g key={`pt-${p.day}`}>
                  {series.map((s, si) => (
                    <circle key={s.key} cx={x(i)} cy={y(p[s.key])} r={2.5} className={dotStyle(si)}>
                      <title>{`${p.day}: ${count(s, p[s.key])}`}</title>
                    </circle>
                  ))}
                </g>
              ))
            : null}
        </svg>
        <figcaption className={classes.legend}>
          {series.map((s, si) => (
            <span key={s.key} className={classes.key} data-series={si === 0 ? 'downloads' : 'signups'}>
              {s.label}
            </span>
          ))}
        </figcaption>
      </figure>
      <details className={classes.details}>
        <summary>Show the figures</summary>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              {series.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <td>{p.day}</td>
                {series.map((s) => (
                  <td key={s.key}>{p[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  )
}
