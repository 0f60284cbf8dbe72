import { z } from 'zod'

// zod 4 compiles object parsers with `new Function` and probes for it at first use: under our
// Content-Security-Policy (no 'unsafe-eval') that probe is a CSP violation on every page that
// validates in the browser (/login, /reset-password, the blog editor). Interpreted parsers are
// fast enough for forms. The flag is read when a schema is built, so every module takes zod
// from here.
z.config({ jitless: true })

export { z }
