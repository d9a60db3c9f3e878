// An ADMIN_EMAILS administrator for a test: made as the operator makes one (npm run admin:create's
// service: such an address cannot sign up), then signed in. Answers like signUp() in session.ts.
import type { FastifyInstance } from 'fastify'
import { createOrResetAdminAccount } from '../../server/services/auth/admin-account.ts'
import { sameOriginJson, sessionCookie } from './session.ts'

export async function signInAdmin(app: FastifyInstance, email = 'boss@example.com', password = 'correct horse battery') {
  await createOrResetAdminAccount(app.db, app.config.operators, { email, password, name: 'Boss' })
  const res = await app.inject({ method: 'POST', url: '/api/auth/local/sign-in', headers: sameOriginJson, payload: { email, password } })
  if (res.statusCode !== 200) throw new Error(`signInAdmin: ${res.statusCode} ${res.body}`)
  return { res, cookie: sessionCookie(res)! }
}
