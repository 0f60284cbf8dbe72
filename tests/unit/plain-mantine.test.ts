import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  MantineProvider,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { createElement as h, type ComponentType, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Link, MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { IconButton, IconLink } from '~/components/IconButton/IconButton'
import { ButtonAnchor, ButtonLink, CentredStack, Hidden, PlainButton, Row, TextLink } from '~/components/Plain/Plain'
import { Cluster, Column, Heading, Panel, Tag, Txt } from '~/components/Plain/Typography'
import { CheckField, ReadOnlyField, ReadOnlyText, SelectField, TextField } from '~/components/Plain/Fields'
import { SearchInput } from '~/components/SearchInput/SearchInput'
import { theme } from '~/theme'

/**
 * The header, the search forms, the 404 page and the home page write some of Mantine's
 * components out as plain elements with Mantine's class names (they cost the first visit
 * less JavaScript). Mantine's stylesheet styles them only while the markup is Mantine's own: these
 * tests render both and compare, so a Mantine upgrade that changes the markup fails here
 * instead of silently changing how the page looks.
 */

/** Mantine's polymorphic components are hard to type through createElement: props unchecked. */
function m(type: unknown, props: Record<string, unknown> | null, child?: string): ReactElement {
  return h(type as ComponentType<Record<string, unknown>>, props, child)
}

function render(element: ReactElement): string {
  const html = renderToStaticMarkup(h(MemoryRouter, null, h(MantineProvider, { theme }, element)))
  return normalise(html.replace(/<style[\s\S]*?<\/style>/g, ''))
}

/** Attributes in a fixed order, classes and style declarations sorted, Mantine's generated ids dropped. */
function normalise(html: string): string {
  return html.replace(
    /<([a-z]+)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*(\/?)>/g,
    (_m, tag: string, attrs: string, selfClosing: string) => {
      const list = [...attrs.matchAll(/([^\s=>]+)(?:="([^"]*)")?/g)]
        .map(([, name, value = '']) => {
          if (name === 'class') value = value.split(/\s+/).filter(Boolean).sort().join(' ')
          if (name === 'style')
            value = value
              .split(';')
              .map((d) => d.trim())
              .filter(Boolean)
              .sort()
              .join(';')
          return [name, value] as const
        })
        .filter(([name, value]) => !(name === 'id' && value.startsWith('mantine-')))
        .sort(([a], [b]) => a.localeCompare(b))
      return `<${tag}${list.map(([n, v]) => ` ${n}="${v}"`).join('')}${selfClosing}>`
    },
  )
}

describe('plain elements with Mantine markup', () => {
  it('Button, as a link, an anchor and a button, in the variants and sizes we use', () => {
    expect(render(h(ButtonLink, { to: '/explore', children: 'Go' }))).toBe(
      render(m(Button, { component: Link, to: '/explore' }, 'Go')),
    )
    expect(render(h(ButtonLink, { to: '/x', variant: 'default', size: 'sm', children: 'Go' }))).toBe(
      render(m(Button, { component: Link, to: '/x', variant: 'default', size: 'sm' }, 'Go')),
    )
    expect(render(h(ButtonLink, { to: '/x', variant: 'filled', className: 'c', children: 'Go' }))).toBe(
      render(m(Button, { component: Link, to: '/x', variant: 'filled', className: 'c' }, 'Go')),
    )
    expect(render(h(ButtonLink, { to: '/x', size: 'md', children: 'Go' }))).toBe(
      render(m(Button, { component: Link, to: '/x', size: 'md' }, 'Go')),
    )
    expect(render(h(ButtonAnchor, { href: '#a', variant: 'default', size: 'md', children: 'Go' }))).toBe(
      render(m(Button, { component: 'a', href: '#a', variant: 'default', size: 'md' }, 'Go')),
    )
    for (const size of ['sm', 'md', 'lg'] as const) {
      expect(render(h(PlainButton, { type: 'submit', size, children: 'Search' }))).toBe(
        render(m(Button, { type: 'submit', size }, 'Search')),
      )
    }
    expect(render(h(PlainButton, { type: 'submit', variant: 'default', size: 'sm', children: 'Log out' }))).toBe(
      render(m(Button, { type: 'submit', variant: 'default', size: 'sm' }, 'Log out')),
    )
  })

  it('ActionIcon, Group, Stack, VisuallyHidden and Anchor', () => {
    expect(
      render(h(IconButton, { variant: 'subtle', size: 'lg', 'aria-label': 'Theme', type: 'submit', children: 'i' })),
    ).toBe(render(m(ActionIcon, { variant: 'subtle', size: 'lg', 'aria-label': 'Theme', type: 'submit' }, 'i')))
    expect(
      render(h(IconButton, { variant: 'default', size: 'xl', radius: 'xl', 'aria-label': 'Next', children: 'i' })),
    ).toBe(render(m(ActionIcon, { variant: 'default', size: 'xl', radius: 'xl', 'aria-label': 'Next' }, 'i')))
    expect(
      render(h(IconLink, { to: '/profile', variant: 'subtle', size: 'lg', 'aria-label': 'Profile', children: 'i' })),
    ).toBe(
      render(
        m(ActionIcon, { component: Link, to: '/profile', variant: 'subtle', size: 'lg', 'aria-label': 'Profile' }, 'i'),
      ),
    )
    expect(render(h(Row, { mt: 'md', children: 'x' }))).toBe(render(m(Group, { mt: 'md' }, 'x')))
    expect(render(h(Row, { justify: 'center', mt: 'xl', children: 'x' }))).toBe(
      render(m(Group, { justify: 'center', mt: 'xl' }, 'x')),
    )
    expect(render(h(CentredStack, { children: 'x' }))).toBe(
      render(m(Stack, { align: 'center', gap: 'md', py: 96, px: 'md' }, 'x')),
    )
    expect(render(h(Hidden, { children: 'x' }))).toBe(render(m(VisuallyHidden, null, 'x')))
    expect(render(h(TextLink, { to: '/license', children: 'x' }))).toBe(
      render(m(Anchor, { component: Link, to: '/license' }, 'x')),
    )
    expect(render(h(TextLink, { to: '/faq', size: 'sm', className: 'c', children: 'x' }))).toBe(
      render(m(Anchor, { component: Link, to: '/faq', size: 'sm', className: 'c' }, 'x')),
    )
  })

  it('Text, Title, Card, Group and Stack as the profile writes them', () => {
    const same = (ours: ReactElement, mantine: ReactElement) => expect(render(ours)).toBe(render(mantine))
    same(h(Txt, { children: 'x' }), m(Text, null, 'x'))
    same(h(Txt, { span: true, children: 'x' }), m(Text, { span: true }, 'x'))
    same(h(Txt, { size: 'sm', c: 'dimmed', children: 'x' }), m(Text, { size: 'sm', c: 'dimmed' }, 'x'))
    same(h(Txt, { size: 'xs', c: 'dimmed', mt: 4, children: 'x' }), m(Text, { size: 'xs', c: 'dimmed', mt: 4 }, 'x'))
    same(
      h(Txt, { fw: 700, size: 'lg', 'data-testid': 't', children: 'x' } as never),
      m(Text, { fw: 700, size: 'lg', 'data-testid': 't' }, 'x'),
    )
    same(h(Txt, { c: 'red', mt: 'md', children: 'x' }), m(Text, { c: 'red', mt: 'md' }, 'x'))
    same(
      h(Txt, { c: 'green', mb: 'md', role: 'status', children: 'x' }),
      m(Text, { c: 'green', mb: 'md', role: 'status' }, 'x'),
    )
    same(h(Heading, { order: 1, mb: 'lg', children: 'T' }), m(Title, { order: 1, mb: 'lg' }, 'T'))
    same(
      h(Heading, { order: 2, fz: 22, id: 'h', mb: 'sm', children: 'T' }),
      m(Title, { order: 2, fz: 22, id: 'h', mb: 'sm' }, 'T'),
    )
    same(h(Heading, { order: 3, fz: 18, mb: 'xs', children: 'T' }), m(Title, { order: 3, fz: 18, mb: 'xs' }, 'T'))
    same(
      h(Panel, { p: 'lg', mb: 'lg', children: 'c' }),
      m(Card, { withBorder: true, radius: 'md', p: 'lg', mb: 'lg' }, 'c'),
    )
    same(
      h(Panel, { p: 'md', 'data-testid': 'x', children: 'c' } as never),
      m(Card, { withBorder: true, radius: 'md', p: 'md', 'data-testid': 'x' }, 'c'),
    )
    same(
      h(Cluster, { justify: 'space-between', mt: 4, children: 'c' }),
      m(Group, { justify: 'space-between', mt: 4 }, 'c'),
    )
    same(h(Cluster, { gap: 'xs', children: 'c' }), m(Group, { gap: 'xs' }, 'c'))
    same(
      h(Cluster, { justify: 'space-between', align: 'baseline', mb: 'sm', children: 'c' }),
      m(Group, { justify: 'space-between', align: 'baseline', mb: 'sm' }, 'c'),
    )
    same(h(Cluster, { component: 'li', gap: 'md', children: 'c' }), m(Group, { component: 'li', gap: 'md' }, 'c'))
    same(h(Column, { gap: 'sm', children: 's' }), m(Stack, { gap: 'sm' }, 's'))
    same(h(Column, { gap: 'xl', children: 's' }), m(Stack, { gap: 'xl' }, 's'))
    same(
      h(Column, { gap: 'xs', component: 'ul', style: { listStyle: 'none' }, children: 's' }),
      m(Stack, { gap: 'xs', component: 'ul', style: { listStyle: 'none' } }, 's'),
    )
  })

  it('Badge, Title and Group as the asset page writes them', () => {
    const same = (ours: ReactElement, mantine: ReactElement) => expect(render(ours)).toBe(render(mantine))
    same(
      h(Tag, { to: '/explore?tags=robot', children: 'robot' }),
      m(Badge, { variant: 'light', component: Link, to: '/explore?tags=robot', style: { cursor: 'pointer' } }, 'robot'),
    )
    same(h(Tag, { children: '+3' }), m(Badge, { variant: 'outline' }, '+3'))
    same(
      h(Cluster, { gap: 6, mt: 'md', role: 'group', 'aria-label': 'Tags', children: 'x' }),
      m(Group, { gap: 6, mt: 'md', role: 'group', 'aria-label': 'Tags' }, 'x'),
    )
    same(
      h(Cluster, { gap: 'sm', mt: 'md', align: 'flex-start', children: 'x' }),
      m(Group, { gap: 'sm', mt: 'md', align: 'flex-start' }, 'x'),
    )
    same(
      h(Heading, { order: 1, id: 'asset-preview-title', fz: 24, children: 'T' }),
      m(Title, { order: 1, id: 'asset-preview-title', fz: 24 }, 'T'),
    )
    same(h(Txt, { mt: 'md', children: 'x' }), m(Text, { mt: 'md' }, 'x'))
    same(h(Txt, { size: 'sm', mt: 'sm', children: 'x' }), m(Text, { size: 'sm', mt: 'sm' }, 'x'))
    same(
      h(PlainButton, { type: 'submit', size: 'md', disabled: true, children: 'Download PNG' }),
      m(Button, { type: 'submit', size: 'md', disabled: true }, 'Download PNG'),
    )
    same(
      h(PlainButton, { type: 'submit', size: 'md', disabled: false, children: 'Download PNG' }),
      m(Button, { type: 'submit', size: 'md', disabled: false }, 'Download PNG'),
    )
    same(
      h(PlainButton, { type: 'submit', size: 'md', variant: 'light', children: 'Download MP3' }),
      m(Button, { type: 'submit', size: 'md', variant: 'light' }, 'Download MP3'),
    )
    same(
      h(PlainButton, { type: 'submit', variant: 'light', disabled: true, children: 'Download' }),
      m(Button, { type: 'submit', variant: 'light', disabled: true }, 'Download'),
    )
    same(
      h(Txt, {
        size: 'sm',
        c: 'dimmed',
        mt: 6,
        'data-testid': 'quota-line',
        'aria-live': 'polite',
        children: 'x',
      } as never),
      m(Text, { size: 'sm', c: 'dimmed', mt: 6, 'data-testid': 'quota-line', 'aria-live': 'polite' }, 'x'),
    )
    same(
      h(Txt, { c: 'red', size: 'sm', mt: 6, role: 'alert', children: 'x' }),
      m(Text, { c: 'red', size: 'sm', mt: 6, role: 'alert' }, 'x'),
    )
  })

  it('NativeSelect, TextInput, Textarea, Stack and Group as the download options, credit lines and share menu write them', () => {
    const same = (ours: ReactElement, mantine: ReactElement) => expect(render(ours)).toBe(render(mantine))
    const data = [
      { value: 'original', label: 'Original (1024×768)' },
      { value: '512', label: '512 px' },
    ]
    same(
      h(SelectField, { label: 'Size', name: 'size', defaultValue: 'original', data }),
      m(NativeSelect, { label: 'Size', name: 'size', defaultValue: 'original', data }),
    )
    same(
      h(SelectField, { label: 'Padding', name: 'padding', defaultValue: '0', data: [{ value: '0', label: 'None' }] }),
      m(NativeSelect, { label: 'Padding', name: 'padding', defaultValue: '0', data: [{ value: '0', label: 'None' }] }),
    )
    same(
      h(ReadOnlyField, { label: 'Link to this page', value: 'https://example.com/assets/1', className: 'c' }),
      m(TextInput, {
        label: 'Link to this page',
        value: 'https://example.com/assets/1',
        readOnly: true,
        className: 'c',
      }),
    )
    same(
      h(ReadOnlyText, { label: 'Plain text', value: '"Robot" by the artist', minRows: 1 }),
      m(Textarea, { label: 'Plain text', value: '"Robot" by the artist', readOnly: true, autosize: true, minRows: 1 }),
    )
    same(
      h(ReadOnlyText, { label: 'HTML', value: '<a href="x">Robot</a>', minRows: 1, monospace: true }),
      m(Textarea, {
        label: 'HTML',
        value: '<a href="x">Robot</a>',
        readOnly: true,
        autosize: true,
        minRows: 1,
        styles: { input: { fontFamily: 'var(--mantine-font-family-monospace)' } },
      }),
    )
    same(
      h(ReadOnlyText, { label: 'Embed this player', value: '<iframe></iframe>', minRows: 2, className: 'c' }),
      m(Textarea, {
        label: 'Embed this player',
        value: '<iframe></iframe>',
        readOnly: true,
        autosize: true,
        minRows: 2,
        className: 'c',
      }),
    )
    same(h(Column, { gap: 'xs', mt: 'xs', children: 's' }), m(Stack, { gap: 'xs', mt: 'xs' }, 's'))
    same(
      h(Cluster, { gap: 'xs', align: 'flex-end', wrap: 'nowrap', children: 'c' }),
      m(Group, { gap: 'xs', align: 'flex-end', wrap: 'nowrap' }, 'c'),
    )
  })

  it("NativeSelect, TextInput, Checkbox, Title, Text and Group as explore's filters and pagination write them", () => {
    const same = (ours: ReactElement, mantine: ReactElement) => expect(render(ours)).toBe(render(mantine))
    const data = [
      { value: '', label: 'All categories' },
      { value: 'Space', label: 'Space (12)' },
    ]
    same(
      h(SelectField, { label: 'Category', name: 'category', defaultValue: 'Space', data }),
      m(NativeSelect, { label: 'Category', name: 'category', defaultValue: 'Space', data }),
    )
    const onChange = () => {}
    same(
      h(SelectField, { label: 'Sort by', name: 'sort', value: 'Space', onChange, data, className: 'c' }),
      m(NativeSelect, { label: 'Sort by', name: 'sort', value: 'Space', onChange, data, className: 'c' }),
    )
    same(
      h(TextField, {
        label: 'Tags',
        name: 'tags',
        description: 'Comma-separated; assets must have every tag',
        defaultValue: 'robot, toy',
      }),
      m(TextInput, {
        label: 'Tags',
        name: 'tags',
        description: 'Comma-separated; assets must have every tag',
        defaultValue: 'robot, toy',
      }),
    )
    same(
      h(TextField, { label: 'Tags', name: 'tags', defaultValue: '' }),
      m(TextInput, { label: 'Tags', name: 'tags', defaultValue: '' }),
    )
    for (const checked of [false, true]) {
      same(
        h(CheckField, {
          label: 'Transparent background only',
          name: 'transparent',
          value: '1',
          defaultChecked: checked,
        }),
        m(Checkbox, { label: 'Transparent background only', name: 'transparent', value: '1', defaultChecked: checked }),
      )
    }
    same(h(Heading, { order: 1, mb: 'md', children: 'T' }), m(Title, { order: 1, mb: 'md' }, 'T'))
    same(h(Txt, { size: 'sm', fw: 500, id: 'x', children: 'x' }), m(Text, { size: 'sm', fw: 500, id: 'x' }, 'x'))
    same(h(Txt, { span: true, fw: 600, children: 'x' }), m(Text, { span: true, fw: 600 }, 'x'))
    same(
      h(Txt, { c: 'dimmed', size: 'sm', mb: 'md', 'aria-live': 'polite', children: 'x' } as never),
      m(Text, { c: 'dimmed', size: 'sm', mb: 'md', 'aria-live': 'polite' }, 'x'),
    )
    same(h(Txt, { c: 'dimmed', mt: 'xs', children: 'x' }), m(Text, { c: 'dimmed', mt: 'xs' }, 'x'))
    same(
      h(Cluster, { gap: 6, className: 'c', role: 'group', 'aria-label': 'Popular tags', children: 'x' }),
      m(Group, { gap: 6, className: 'c', role: 'group', 'aria-label': 'Popular tags' }, 'x'),
    )
    same(h(Cluster, { children: 'x' }), m(Group, null, 'x'))
    same(
      h(Cluster, { justify: 'center', gap: 'md', mt: 'xl', children: 'x' }),
      m(Group, { justify: 'center', gap: 'md', mt: 'xl' }, 'x'),
    )
    same(h(PlainButton, { type: 'submit', children: 'Search' }), m(Button, { type: 'submit' }, 'Search'))
    same(
      h(PlainButton, { type: 'submit', variant: 'default', children: 'Sort' }),
      m(Button, { type: 'submit', variant: 'default' }, 'Sort'),
    )
  })

  it('the plain search box is a TextInput in the server HTML', () => {
    for (const size of ['sm', 'lg'] as const) {
      const ours = render(h(SearchInput, { label: 'Search assets', size, className: 'c', required: true }))
      const mantine = render(
        m(TextInput, {
          type: 'search',
          defaultValue: '',
          name: 'q',
          'aria-label': 'Search assets',
          placeholder: 'Search 3D objects, images, audio...',
          size,
          className: 'c',
          required: true,
          pattern: '.*\\S.*',
          title: 'Type something to search for',
          autoComplete: 'off',
        }),
      )
      expect(ours).toBe(mantine)
    }
  })
})
