import { describe, expect, it } from 'vitest'
import { embedHtml, oembedHref, shareLinks } from '~/lib/share-links'

describe('shareLinks', () => {
  const links = shareLinks({
    url: 'https://stock.example/assets/7',
    title: 'Salt & Pepper: "tiny" #1',
    image: 'https://stock.example/images/7/preview.png',
  })
  const byNetwork = Object.fromEntries(links.map((l) => [l.network, new URL(l.href)]))

  it("fills each network's share address with the page, its title and its picture, encoded", () => {
    expect(byNetwork.x.searchParams.get('url')).toBe('https://stock.example/assets/7')
    expect(byNetwork.x.searchParams.get('text')).toBe('Salt & Pepper: "tiny" #1')
    expect(byNetwork.facebook.searchParams.get('u')).toBe('https://stock.example/assets/7')
    expect(byNetwork.linkedin.searchParams.get('url')).toBe('https://stock.example/assets/7')
    expect(byNetwork.pinterest.searchParams.get('media')).toBe('https://stock.example/images/7/preview.png')
    expect(byNetwork.reddit.searchParams.get('title')).toBe('Salt & Pepper: "tiny" #1')
  })

  it('writes spaces in an email link as %20, never +', () => {
    const email = links.find((l) => l.network === 'email')!.href
    expect(email).not.toContain('+')
    expect(email).toContain('subject=Salt%20%26%20Pepper')
    expect(decodeURIComponent(email.split('body=')[1])).toBe('Salt & Pepper: "tiny" #1\nhttps://stock.example/assets/7')
  })

  it('leaves out the picture where there is none', () => {
    const pin = shareLinks({ url: 'https://s.example/collections/2', title: 'Set' }).find(
      (l) => l.network === 'pinterest',
    )!
    expect(new URL(pin.href).searchParams.has('media')).toBe(false)
  })
})

describe('embedHtml and oembedHref', () => {
  it('escape what they carry', () => {
    expect(embedHtml({ id: 3, title: 'A <b>"loud"</b> one' }, 'https://s.example')).toBe(
      '<iframe src="https://s.example/embed/assets/3" width="480" height="152" title="A &lt;b&gt;&quot;loud&quot;&lt;/b&gt; one" loading="lazy" style="border:0;max-width:100%" allow="autoplay; encrypted-media"></iframe>',
    )
    expect(oembedHref('https://s.example', 'https://s.example/assets/3?x=1&y=2')).toBe(
      'https://s.example/oembed?url=https%3A%2F%2Fs.example%2Fassets%2F3%3Fx%3D1%26y%3D2&format=json',
    )
  })
})
