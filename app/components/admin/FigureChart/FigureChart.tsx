import { Anchor, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core'
import classes from './FigureChart.module.css'

export interface FigureSeries {
  key: string
  label: string
  /** False for a level (subscribers, MRR): no total row. Default true. */
  summable?: boolean
  format?: (value: number) => string
}

export interface FigureRow {
  /** The x value: a day 'YYYY-MM-DD', a month 'YYYY-MM'. */
  label: string
  /** The figures by series key (other fields are ignored). */
  values: Readonly<Record<string, number | string>>
}

const figureOf = (row: FigureRow, key: string) => Number(row.values[key] ?? 0)

const WIDTH = 360
const HEIGHT = 120
const PAD = { top: 8, right: 4, bottom: 20, left: 34 }

const plain = (value: number) => value.toLocaleString('en-US')

/** A round top for the y axis: 1, 2, 5 or 10 times a power of ten. */
function niceMax(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power
}

function Bars({ series, rows, index, unit }: { series: FigureSeries; rows: FigureRow[]; index: number; unit: string }) {
  const format = series.format ?? plain
  const values = rows.map((r) => figureOf(r, series.key))
  const max = niceMax(Math.max(0, ...values))
  const innerW = WIDTH - PAD.left - PAD.right
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const step = innerW / Math.max(rows.length, 1)
  const barW = Math.max(1, step * 0.75)
  const total = values.reduce((s, v) => s + v, 0)
  const last = values.at(-1) ?? 0
  const summary =
    series.summable === false
      ? `${series.label} per ${unit}: ${format(last)} in ${rows.at(-1)?.label ?? ''}, highest ${format(Math.max(0, ...values))}.`
      : `${series.label} per ${unit} from ${rows[0]?.label ?? ''} to ${rows.at(-1)?.label ?? ''}: ${format(total)} in all.`
  return (
    <figure className={classes.figure}>
      <figcaption className={classes.caption}>
        <span>{series.label}</span>
        <span className={classes.figure_total}>{series.summable === false ? format(last) : format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={classes.svg} role="img" aria-label={summary}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} className={classes.grid} />
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={PAD.top + innerH}
          y2={PAD.top + innerH}
          className={classes.axisLine}
        />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" className={classes.axis}>
          {format(max)}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH + 4} textAnchor="end" className={classes.axis}>
          0
        </text>
        {rows.length ? (
          <>
            <text x={PAD.left} y={HEIGHT - 4} className={classes.axis}>
              {rows[0]!.label}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className={classes.axis}>
              {rows.at(-1)!.label}
            </text>
          </>
        ) : null}
        {rows.map((row, i) => {
          const h = (values[i]! / max) * innerH
          return (
            <rect
              key={row.label}
              x={PAD.left + i * step + (step - barW) / 2}
              y={PAD.top + innerH - h}
              width={barW}
              height={h}
              className={classes.bar}
              data-series={index % 7}
            >
              <title>{`${row.label}: ${format(values[i]!)}`}</title>
            </rect>
          )
        })}
      </svg>
    </figure>
  )
}

/**
 * Figures over time as small bar charts drawn on the server (one per series, each on its own
 * scale, readable without JavaScript), with the same figures in a table beside them, a total
 * row where the figures add up, and a CSV of the table.
 */
export function FigureChart({
  id,
  title,
  series,
  rows,
  xLabel,
  unit,
  csvHref,
  note,
}: {
  id: string
  title: string
  series: FigureSeries[]
  rows: FigureRow[]
  xLabel: string
  /** 'day' or 'month', for the charts' descriptions. */
  unit: string
  csvHref?: string
  note?: string
}) {
  const headingId = `${id}-heading`
  return (
    <Paper withBorder p="lg" mb="xl" component="section" aria-labelledby={headingId} data-testid={id}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="h4" id={headingId}>
          {title}
        </Title>
        {csvHref ? (
          <Anchor href={csvHref} size="sm" download>
            Download CSV
          </Anchor>
        ) : null}
      </Group>
      {note ? (
        <Text size="sm" c="dimmed" mb="sm">
          {note}
        </Text>
      ) : null}
      <div className={classes.layout}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" className={classes.charts}>
          {series.map((s, i) => (
            <Bars key={s.key} series={s} rows={rows} index={i} unit={unit} />
          ))}
        </SimpleGrid>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must be reachable by keyboard */}
        <div className={classes.tableWrap} tabIndex={0} role="region" aria-label={`${title}: the figures`}>
          <FigureTable caption={title} series={series} rows={rows} xLabel={xLabel} />
        </div>
      </div>
    </Paper>
  )
}

/** The figures as a table: one row per x value, one column per series, the total at the foot. */
export function FigureTable({
  caption,
  series,
  rows,
  xLabel,
}: {
  caption: string
  series: FigureSeries[]
  rows: FigureRow[]
  xLabel: string
}) {
  const summable = series.some((s) => s.summable !== false)
  return (
    <Table verticalSpacing={2} horizontalSpacing="xs" fz="sm" className={classes.table} stickyHeader>
      <caption className={classes.visuallyHidden}>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{xLabel}</Table.Th>
          {series.map((s) => (
            <Table.Th key={s.key} scope="col" ta="right">
              {s.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            {series.map((s) => (
              <Table.Td key={s.key} ta="right">
                {(s.format ?? plain)(figureOf(row, s.key))}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {summable ? (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            {series.map((s) => (
              <Table.Td key={s.key} ta="right" fw={600}>
                {s.summable === false ? '' : (s.format ?? plain)(rows.reduce((sum, r) => sum + figureOf(r, s.key), 0))}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      ) : null}
    </Table>
  )
}
