// A small stand-in for Google's OAuth endpoints, for tests and the e2e server. The consent
// page is a plain form where the tester types the identity Google would return.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'

const page = (query) => `<!doctype html><html><head><title>Fake Google</title></head><body>
<h1>Sign in with Google (test provider)</h1>
<form method="post" action="/authorize">
${['redirect_uri', 'state', 'client_id'].map((k) => `<input type="hidden" name="${k}" value="${String(query.get(k) ?? '').replace(/"/g, '&quot;')}">`).join('')}
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" value="Google User"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit">Continue</button>
<button type="submit" name="deny" value="1">Cancel</button>
</form></body></html>`

async function body(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the fake; `codes` maps each issued code to the identity chosen on the form. */
export async function startFakeGoogle({ port = 0, clientId = 'test-client', clientSecret = 'test-secret' } = {}) {
  const codes = new Map()
  const tokens = new Map()
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost')
    try {
      if (req.method === 'GET' && url.pathname === '/authorize') {
        if (url.searchParams.get('client_id') !== clientId) return void res.writeHead(400).end('unknown client')
        res.writeHead(200, { 'content-type': 'text/html' }).end(page(url.searchParams))
        return
      }
      if (req.method === 'POST' && url.pathname === '/authorize') {
        const form = new URLSearchParams(await body(req))
        const target = new URL(form.get('redirect_uri'))
        target.searchParams.set('state', form.get('state') ?? '')
        if (form.get('deny')) {
          target.searchParams.set('error', 'access_denied')
        } else {
          const code = randomBytes(12).toString('hex')
          codes.set(code, {
            sub: `google-${form.get('email')}`,
            email: form.get('email'),
            email_verified: form.get('email_verified') === 'true',
            name: form.get('name') ?? '',
          })
          target.searchParams.set('code', code)
        }
        res.writeHead(302, { location: target.toString() }).end()
        return
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await body(req))
        const auth = req.headers.authorization ?? ''
        const basic = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString() : ''
        const [id, secret] = basic
          ? basic.split(':').map(decodeURIComponent)
          : [form.get('client_id'), form.get('client_secret')]
        const identity = codes.get(form.get('code'))
        if (id !== clientId || secret !== clientSecret || !identity || !form.get('code_verifier')) {
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant' }))
          return
        }
        codes.delete(form.get('code'))
        const accessToken = randomBytes(16).toString('hex')
        tokens.set(accessToken, identity)
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: 3600,
            scope: 'openid email profile',
          }),
        )
        return
      }
      if (req.method === 'GET' && url.pathname === '/userinfo') {
        const identity = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
        if (!identity) return void res.writeHead(401).end()
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(identity))
        return
      }
      res.writeHead(404).end()
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  const base = `http://127.0.0.1:${address.port}`
  return {
    base,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
