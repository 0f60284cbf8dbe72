import { createIsbotFromList, isbot, list as botPatterns } from 'isbot'

// Who is not a person looking, for the artist's analytics: crawlers, link unfurlers, monitors,
// headless browsers and scripts, by their user agent (isbot's list). One rule for views and
// searches alike (decisions 90 and 91).

/** A page's visitor who is a program; a request without a user agent is one too. */
export function isBot(userAgent: string | undefined | null): boolean {
  return !userAgent || isbot(userAgent)
}

// The API is for programs, and isbot counts every HTTP library as a bot: for the API, its list
// without the patterns that match one, so crawlers are still left out (robots.txt keeps them off
// /api/ too) and a program's search counts.
const HTTP_LIBRARIES = [
  'curl/8.5.0',
  'Wget/1.21',
  'node',
  'undici',
  'axios/1.7',
  'node-fetch/1.0',
  'python-requests/2.32',
  'python-httpx/0.27',
  'Python-urllib/3.12',
  'aiohttp/3.9',
  'Go-http-client/1.1',
  'okhttp/4.12',
  'Java/21',
  'Apache-HttpClient/5.3',
  'PostmanRuntime/7.39',
  'insomnia/9.0',
  'HTTPie/3.2',
  'Dart/3.4 (dart:io)',
  'libwww-perl/6.7',
  'Ruby',
  'Faraday v2.9',
  'GuzzleHttp/7',
]
const crawler = createIsbotFromList(
  botPatterns.filter((pattern) => !HTTP_LIBRARIES.some((agent) => new RegExp(pattern, 'i').test(agent))),
)

/** An API caller that is a crawler, not a program using the API. */
export function isCrawler(userAgent: string | undefined | null): boolean {
  return Boolean(userAgent) && crawler(userAgent as string)
}
