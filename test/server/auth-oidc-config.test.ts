// OIDC_ISSUER must be HTTPS: tokens and the client secret travel to it. Plain HTTP is accepted only
// for a provider on this machine (development, and the tests' local provider).
import t from 'tap'
import { loadConfig } from '../../fastify.config.ts'

const base = { SESSION_KEY: 'a'.repeat(64), OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }

t.test('an http:// issuer elsewhere is refused at start-up', async (t) => {
  t.throws(() => loadConfig({ ...base, OIDC_ISSUER: 'http://id.example.com' }), /OIDC_ISSUER must use https:\/\//)
  t.throws(() => loadConfig({ ...base, OIDC_ISSUER: 'http://127.0.0.1.example.com' }), /OIDC_ISSUER must use https:\/\//)
})

t.test('https:// anywhere, and http:// on loopback, are accepted', async (t) => {
  t.match(loadConfig({ ...base, OIDC_ISSUER: 'https://id.example.com/realms/main' }).auth.oidc, { issuer: 'https://id.example.com/realms/main', name: 'Single sign-on' })
  for (const issuer of ['http://localhost:8080', 'http://127.0.0.1:9000/oidc', 'http://[::1]:9000']) {
    t.equal(loadConfig({ ...base, OIDC_ISSUER: issuer }).auth.oidc?.issuer, issuer)
  }
})
