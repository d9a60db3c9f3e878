// `npm run seed -- --chats 10000 --messages 1000000 [--email seed@example.com] [--password …]`
//
// Makes a signed-in user with a big history in the database the app is configured with
// (DATABASE_PATH or DATABASE_URL, as for `npm start`), so that anyone can repeat the big-history
// measurements (scripts/bench/README.md) or try the app with a real user's volume of data.
// The user is a local account (created when the email is new; an existing one gets more chats).
// Batched inserts: a million messages take minutes, not hours.
import { parseArgs } from 'node:util'
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { loadConfig } from '../fastify.config.ts'
import { build } from '../server/app.ts'
import { seedHistory } from './seed-history.ts'

const { values } = parseArgs({
  options: {
    chats: { type: 'string', default: '100' },
    messages: { type: 'string', default: '1000' },
    email: { type: 'string', default: 'seed@example.com' },
    password: { type: 'string', default: 'seeded history 2026' },
  },
})
const chats = Number(values.chats)
const messages = Number(values.messages)

const config = loadConfig({ ...process.env, SESSION_KEY: process.env.SESSION_KEY || randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' })
const app = await build(config, { logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }) })
await app.ready()
try {
  const headers = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/local/sign-up', headers, payload: { email: values.email, password: values.password } })
  if (signUp.statusCode !== 201 && signUp.statusCode !== 409) throw new Error(`could not create ${values.email}: ${signUp.statusCode} ${signUp.body}`)
  const user = await app.db.selectFrom('users').select('id').where('provider', '=', 'local').where('email', '=', values.email!.toLowerCase()).executeTakeFirstOrThrow()
  const started = Date.now()
  let last = 0
  await seedHistory(app.db, user.id, {
    chats,
    messages,
    idPrefix: `seed-${randomBytes(4).toString('hex')}`,
    onProgress(written) {
      if (Date.now() - last < 2000 && written < messages) return
      last = Date.now()
      process.stderr.write(`· ${written.toLocaleString('en')} of ${messages.toLocaleString('en')} messages\n`)
    },
  })
  const seconds = (Date.now() - started) / 1000
  console.log(`${values.email} (password “${signUp.statusCode === 201 ? values.password : 'unchanged'}”) now has ${chats.toLocaleString('en')} more chats and ${messages.toLocaleString('en')} more messages, written in ${seconds.toFixed(1)} s (${Math.round(messages / seconds).toLocaleString('en')} messages/s).`)
} finally {
  await app.close()
}
