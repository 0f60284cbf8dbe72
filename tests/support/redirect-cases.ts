import { expect } from 'vitest'

/**
 * Redirect targets an attacker might pass to any door that redirects (login's `redirect`, the
 * favourites form's `redirectTo`, Google's `next` cookie). Several normalise to `//evil.example`,
 * which a browser reads as another host.
 */
export const HOSTILE_REDIRECTS = [
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/x/..//evil.example',
  '/a/b/../../..//evil.example',
  '/./../..//evil.example',
  '/.././/evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/%2e%2e/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/./\\evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/.\\/evil.example',
  '\\\\evil.example',
  '/\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n//evil.example',
  '/\u0000//evil.example',
  ' //evil.example',
  'https://evil.example',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example@localhost',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  './/evil.example',
  '%2F%2Fevil.example',
  '／／evil.example',
  'http://localhost/profile',
] as const

/** Harmless but unusual targets: accepted as paths on this site. */
export const ODD_BUT_LOCAL: [string, string][] = [
  ['/explore?q=robot', '/explore?q=robot'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/@evil.example', '/@evil.example'],
  ['/profile/.//evil.example', '/profile//evil.example'],
  ['/x?next=//evil.example', '/x?next=//evil.example'],
  ['/pricing#//evil.example', '/pricing#//evil.example'],
]

export const SITE = 'http://localhost'

/** A Location a browser would follow without leaving this site. */
export function expectSameOrigin(location: string | null, input: string): void {
  expect(location, `no Location for ${JSON.stringify(input)}`).toBeTruthy()
  const followed = new URL(location!, `${SITE}/login`)
  expect(followed.origin, `${JSON.stringify(input)} → ${location}`).toBe(SITE)
  expect(location!.startsWith('/'), `${JSON.stringify(input)} → ${location}`).toBe(true)
  expect(/^\/[/\\]/.test(location!), `${JSON.stringify(input)} → ${location}`).toBe(false)
}
