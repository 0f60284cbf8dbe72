// Apart from collection-limits.ts, whose words every catalogue page's JavaScript carries.

/** What a ZIP the quota refuses lacks ('needs 3 of today’s downloads and 1 is left'), for the API and the page. */
export function zipQuotaShortfall(needed: number, left: number): string {
  return `needs ${needed} of today’s downloads and ${left} ${left === 1 ? 'is' : 'are'} left`
}
