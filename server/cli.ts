// Commands on the server's own start-up code:
//   migrate                      apply pending migrations
//   seed                         fill an empty catalogue with the demo content
//   backfill:palettes            compute the colour palette of assets that have none
//   admin:create --email E [--name N]
//                                create (or promote) the administrator; the password comes from
//                                ADMIN_PASSWORD or a prompt, never from the command line
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { migrateToLatest } from '#db/client'
import type { Config } from '~/config.server'
import { ensureAdmin } from '~/domain/accounts/users.server'
import { backfillPalettes } from '~/domain/catalogue/palette.server'
import { openServices, prepareDatabase } from './bootstrap'

const USAGE = 'Usage: migrate | seed | backfill:palettes | admin:create --email you@example.com [--name "Your Name"]'

export async function runCommand(config: Config, argv: string[], input: { password?: string } = {}): Promise<number> {
  const [command, ...rest] = argv
  const services = openServices(config)
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrateToLatest(services.db)
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database schema is up to date.')
        return 0
      }
      case 'seed':
        await prepareDatabase(services, { seed: true })
        console.log('Demo content is in place.')
        return 0
      case 'backfill:palettes': {
        await migrateToLatest(services.db)
        const filled = await backfillPalettes(services.db, services.storage)
        console.log(`Palettes computed for ${filled} asset${filled === 1 ? '' : 's'}.`)
        return 0
      }
      case 'admin:create':
        return await createAdmin(services, rest, input.password)
      default:
        console.error(command ? `Unknown command "${command}".` : 'No command given.')
        console.error(USAGE)
        return 2
    }
  } finally {
    await services.jobs.stop()
    await services.db.destroy()
  }
}

async function createAdmin(
  services: ReturnType<typeof openServices>,
  args: string[],
  givenPassword?: string,
): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true })
  const email = z.email().safeParse(values.email ?? '')
  if (!email.success) {
    console.error('admin:create needs --email with an email address.')
    console.error(USAGE)
    return 2
  }
  const password = givenPassword || (await promptPassword())
  if (!password || password.length < 8) {
    console.error('The password must be at least 8 characters (ADMIN_PASSWORD, or type it at the prompt).')
    return 2
  }
  await migrateToLatest(services.db)
  const admin = await ensureAdmin(services.db, { email: email.data, password, fullName: values.name ?? 'Site Admin' })
  console.log(`Administrator ${admin.email} is ready: sign in at /admin/login.`)
  return 0
}

/** Reads a password from the terminal without echoing it. */
async function promptPassword(): Promise<string> {
  if (!process.stdin.isTTY) return ''
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  const output = rl as unknown as { _writeToOutput(text: string): void }
  process.stdout.write('Password for the administrator: ')
  output._writeToOutput = () => {}
  const answer = await new Promise<string>((resolve) => rl.question('', resolve))
  rl.close()
  process.stdout.write('\n')
  return answer
}
