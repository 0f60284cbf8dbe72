import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ActivityChart } from '~/components/admin/ActivityChart/ActivityChart'

// The chart is drawn 720 units wide and scaled to its place: its labels must not overlap at any
// period, the y axis's must fit its margin, and a phone shows every other day (data-minor).

function chart(days: number, peak: number) {
  const points = Array.from({ length: days }, (_, i) => ({
    day: new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10),
    downloads: i === days - 1 ? peak : 0,
    signups: 0,
  }))
  const html = renderToStaticMarkup(ActivityChart({ points }))
  const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0]
  const texts = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"([^>]*)>([^<]*)<\/text>/g)].map(
    ([, x, y, attributes, text]) => ({ x: Number(x), y: Number(y), minor: attributes!.includes('data-minor'), text }),
  )
  const bottom = Math.max(...texts.map((t) => t.y))
  return {
    days: texts.filter((t) => t.y === bottom),
    ticks: texts.filter((t) => t.y !== bottom).map((t) => t.text),
  }
}

describe("the activity chart's labels", () => {
  for (const days of [7, 30, 90]) {
    it(`${days} days: the first and the last day named, no two names closer than a name is wide`, () => {
      const { days: named } = chart(days, 3)
      expect(named[0]!.text).toBe('01-01')
      expect(named.at(-1)!.text).toBe(new Date(Date.UTC(2031, 0, days)).toISOString().slice(5, 10))
      // 'MM-DD' at the phone's size (22 units) is about 62 units wide.
      for (let i = 1; i < named.length; i++) expect(named[i]!.x - named[i - 1]!.x).toBeGreaterThan(31)
      // On a phone every other one is left out, never the last; those shown stay 62 apart.
      expect(named.at(-1)!.minor).toBe(false)
      const shown = named.filter((n) => !n.minor)
      for (let i = 1; i < shown.length; i++) expect(shown[i]!.x - shown[i - 1]!.x).toBeGreaterThan(62)
    })
  }

  it('the y axis says thousands in four characters at most', () => {
    expect(chart(30, 4800).ticks).toEqual(['0', '1.5K', '3K', '4.5K', '6K'])
    for (const tick of chart(30, 37).ticks) expect(tick.length).toBeLessThanOrEqual(4)
  })
})
