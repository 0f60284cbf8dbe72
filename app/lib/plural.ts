/** '1 licence', '3 licences', '1,204 downloads': a count with its noun, in the right number. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`
}

/** A number of assets as a search reports it: '14 assets', 'About 52,000 assets', '10,000+ assets'. */
export function assetCount(total: number, { capped = false, estimated = false } = {}): string {
  return `${estimated ? 'About ' : ''}${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 ? 'asset' : 'assets'}`
}
