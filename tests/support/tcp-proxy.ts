import net from 'node:net'

// A TCP proxy between the app and PostgreSQL that a test can cut (connections reset, new ones
// refused), freeze (connections accepted, nothing ever answered: a server stopped with SIGSTOP
// or a black-holed network) and restore.

export type ProxyMode = 'open' | 'cut' | 'frozen'

export interface TcpProxy {
  port: number
  url(databaseUrl: string): string
  mode(): ProxyMode
  cut(): Promise<void>
  freeze(): void
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }, port: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'open'
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>()
  const held = new Set<net.Socket>()

  const server = net.createServer((client) => {
    client.on('error', () => {})
    if (mode === 'frozen') {
      // Accepted, never answered.
      held.add(client)
      client.on('close', () => held.delete(client))
      return
    }
    const upstream = net.connect(target.port, target.host)
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
    const pair = { client, upstream }
    pairs.add(pair)
    const forget = () => pairs.delete(pair)
    client.on('close', () => {
      upstream.destroy()
      forget()
    })
    upstream.on('close', () => {
      client.destroy()
      forget()
    })
    client.pipe(upstream)
    upstream.pipe(client)
  })

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()))
  await listen()

  return {
    port,
    url(databaseUrl) {
      const next = new URL(databaseUrl)
      next.hostname = '127.0.0.1'
      next.port = String(port)
      return next.toString()
    },
    mode: () => mode,
    async cut() {
      mode = 'cut'
      const closed = stopListening()
      for (const { client, upstream } of pairs) {
        client.destroy()
        upstream?.destroy()
      }
      for (const socket of held) socket.destroy()
      await closed
    },
    freeze() {
      mode = 'frozen'
      // Traffic on open connections stops both ways; new connections hang.
      for (const { client, upstream } of pairs) {
        client.unpipe()
        upstream?.unpipe()
        client.pause()
        upstream?.pause()
      }
    },
    async restore() {
      const was = mode
      mode = 'open'
      if (was === 'cut') await listen()
      if (was === 'frozen') {
        // Like SIGCONT: the held connections get nothing back, so they time out on their own;
        // the connections that were open resume.
        for (const socket of held) socket.destroy()
        for (const { client, upstream } of pairs) {
          if (!upstream) continue
          client.pipe(upstream)
          upstream.pipe(client)
          client.resume()
          upstream.resume()
        }
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy()
        upstream?.destroy()
      }
      for (const socket of held) socket.destroy()
      await stopListening()
    },
  }
}
