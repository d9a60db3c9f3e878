// `npm run admin:create -- admin@example.com [--name "Ada Admin"]`
//
// Makes the local account of an ADMIN_EMAILS address, or gives the existing one a new password
// (and enables it again, ending the sessions of the old password), in the database the server is
// configured with (DATABASE_PATH or DATABASE_URL, read as `npm start` reads them). Such an address
// cannot sign up on the site: anyone could type it there. The password is asked for twice on a
// terminal, or read from the first line of standard input:
//   printf '%s\n' "$PASSWORD" | npm run admin:create -- admin@example.com
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { loadConfig } from '../fastify.config.ts'
import { createDatabase, migrateToLatest } from '../server/plugins/db.ts'
import { AdminAccountError, createOrResetAdminAccount } from '../server/services/auth/admin-account.ts'

const { values, positionals } = parseArgs({ options: { name: { type: 'string' } }, allowPositionals: true })
const email = positionals[0]
if (!email || positionals.length > 1) {
  console.error('Usage: npm run admin:create -- <email in ADMIN_EMAILS> [--name "Name"]')
  process.exit(2)
}

/** A line typed without echo (a password), when standard input is a terminal. */
function askHidden(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stderr.write(chunk)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close()
      process.stderr.write('\n')
      resolve(answer)
    })
    muted = true
  })
}

async function firstLineOfStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) {
    text += chunk
    if (text.includes('\n')) break
  }
  return text.split(/\r?\n/)[0]!
}

async function password(): Promise<string> {
  if (!process.stdin.isTTY) return firstLineOfStdin()
  const first = await askHidden(`New password for ${email}: `)
  const again = await askHidden('The same password again: ')
  if (first !== again) throw new AdminAccountError('The two passwords differ; nothing was changed.')
  return first
}

// The server's own configuration; the session key is not used here, so none is needed.
process.env.NODE_ENV ??= 'production'
const config = loadConfig({ ...process.env, SESSION_KEY: process.env.SESSION_KEY || randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' })
let db: Awaited<ReturnType<typeof createDatabase>>['db'] | undefined
try {
  const secret = await password()
  db = (await createDatabase(config)).db
  await migrateToLatest(db)
  const result = await createOrResetAdminAccount(db, config.operators, { email, password: secret, name: values.name })
  const address = email.trim().toLowerCase()
  console.log(
    result.created
      ? `Made the administrator account ${address}: sign in with this password.`
      : `${address} has a new password and is enabled${result.sessionsEnded ? `; ${result.sessionsEnded} session(s) of the old password ended` : ''}.`,
  )
} catch (error) {
  console.error(error instanceof AdminAccountError ? error.message : error)
  process.exitCode = 1
} finally {
  await db?.destroy()
}
