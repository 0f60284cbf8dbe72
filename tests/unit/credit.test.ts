import { describe, expect, it } from 'vitest'
import { creditLines } from '~/lib/credit'

describe('the credit line', () => {
  it('names the asset, the site and the page in text, HTML and Markdown', () => {
    const lines = creditLines({ id: 42, title: 'Glossy Robot' }, 'https://stock.example.com')
    expect(lines.text).toBe('“Glossy Robot” by AI Stock Library (https://stock.example.com/assets/42)')
    expect(lines.html).toBe(
      '<a href="https://stock.example.com/assets/42">Glossy Robot</a> by <a href="https://stock.example.com/">AI Stock Library</a>',
    )
    expect(lines.markdown).toBe(
      '[Glossy Robot](https://stock.example.com/assets/42) by [AI Stock Library](https://stock.example.com/)',
    )
  })

  it('a title cannot break out of the HTML or the Markdown', () => {
    const lines = creditLines({ id: 7, title: '<b>"Bold"</b> [x](y) & co' }, 'https://stock.example.com')
    expect(lines.html).toContain('&lt;b&gt;&quot;Bold&quot;&lt;/b&gt; [x](y) &amp; co</a>')
    expect(lines.markdown).toContain('[<b>"Bold"</b> \\[x\\]\\(y\\) & co](https://stock.example.com/assets/7)')
  })
})
