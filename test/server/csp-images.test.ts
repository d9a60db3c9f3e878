// Pages load images from this server (uploads, data: and blob: URLs our scripts make) and from the
// sign-in providers' avatar hosts only: an image a message names (a Mermaid label's <img>, a
// tracking pixel) is never fetched by a reader's browser.
import t from 'tap'
import { buildApp, TEST_SESSION_KEY } from '../helpers/build-app.ts'
import { loadConfig } from '../../fastify.config.ts'
import { createSecurityHeaders } from '../../server/plugins/security.ts'

const imgSrc = (policy: string) => /(?:^|;)\s*img-src ([^;]*)/.exec(policy)?.[1]

t.test("a page's policy allows no image host a message could name", async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/' })
  t.equal(res.statusCode, 200)
  t.equal(imgSrc(String(res.headers['content-security-policy'])), "'self' data: blob:", 'no https: wildcard, no other host')
})

const env = (extra: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SESSION_KEY: TEST_SESSION_KEY, DATABASE_PATH: ':memory:', ...extra })
const policyFor = (extra: Record<string, string>) => imgSrc(createSecurityHeaders(env(extra)).documentPolicy({ script: 'N', style: 'N' }))

t.test("sign-in avatars keep loading: GitHub's host when GitHub sign-in is on, and AVATAR_ORIGINS", async (t) => {
  const github = { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }
  t.equal(policyFor(github), "'self' data: blob: https://avatars.githubusercontent.com")
  t.equal(policyFor({ ...github, GITHUB_URL: 'https://git.example.com', GITHUB_API_URL: 'https://git.example.com/api/v3' }), "'self' data: blob: https://git.example.com https://avatars.git.example.com", 'GitHub Enterprise Server')
  t.equal(policyFor({ AVATAR_ORIGINS: 'https://lh3.googleusercontent.com, https://id.example.org/' }), "'self' data: blob: https://lh3.googleusercontent.com https://id.example.org")
})

t.test('AVATAR_ORIGINS takes origins only, each named when refused', async (t) => {
  for (const bad of ['https:', '*', 'https://id.example.org/avatars', 'http://id.example.org', 'id.example.org']) {
    t.throws(() => env({ AVATAR_ORIGINS: `https://ok.example.com,${bad}` }), { message: new RegExp(`AVATAR_ORIGINS: ${JSON.stringify(bad).replace(/[.*/]/g, '\\$&')} is not an origin`) }, bad)
  }
})
