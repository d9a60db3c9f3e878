import t from 'tap'
import { ConfigError, loadConfig as load, parseSessionKeys } from '../../fastify.config.ts'

const KEY = 'a'.repeat(64)
/** Production needs a session key; these tests are about other variables. */
const loadConfig = (env: Record<string, string>) => load({ SESSION_KEY: KEY, ...env })

t.test('defaults serve production on localhost:3000', async (t) => {
  const config = loadConfig({})
  t.equal(config.host, 'localhost')
  t.equal(config.port, 3000)
  t.equal(config.env, 'production')
  t.equal(config.dev, false)
})

t.test('HOST and PORT are configurable', async (t) => {
  const config = loadConfig({ HOST: '0.0.0.0', PORT: '8080', TRUST_PROXY: 'true' })
  t.equal(config.host, '0.0.0.0')
  t.equal(config.port, 8080)
  t.equal(config.trustProxy, true)
})

t.test('a bad value fails with a message naming the variable', async (t) => {
  t.throws(() => loadConfig({ PORT: 'eighty' }), new ConfigError('Invalid configuration:\n  PORT="eighty" is invalid: expected an integer from 0 to 65535'))
  t.throws(() => loadConfig({ PORT: '70000' }), /PORT="70000" is invalid/)
  t.throws(() => loadConfig({ NODE_ENV: 'staging' }), /NODE_ENV="staging" is invalid: expected one of production, development, test/)
  t.throws(() => loadConfig({ TRUST_PROXY: 'maybe' }), /TRUST_PROXY="maybe" is invalid: "maybe" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal/)
  t.throws(() => loadConfig({ PUBLIC_URL: 'example.com' }), /PUBLIC_URL="example.com" is invalid/)
})

t.test('TRUST_PROXY: none by default, a hop count, or the proxies by address', async (t) => {
  t.equal(loadConfig({}).trustProxy, false, 'by default no X-Forwarded-For is believed')
  t.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false)
  t.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false)
  t.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1)
  t.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true)
  t.same(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 172.16.0.0/12,loopback,::1,fd00::/8 ' }).trustProxy, ['10.0.0.2', '172.16.0.0/12', 'loopback', '::1', 'fd00::/8'])
  t.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), /"10\.0\.0\.0\/33" is not an address/)
  t.throws(() => loadConfig({ TRUST_PROXY: 'proxy.internal' }), /"proxy\.internal" is not an address/)
  t.throws(() => loadConfig({ TRUST_PROXY: '99' }), /a hop count is at most 10/)
})

t.test('every problem is reported at once', async (t) => {
  try {
    loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })
    t.fail('should throw')
  } catch (error) {
    t.match((error as Error).message, /PORT="x"/)
    t.match((error as Error).message, /LOG_LEVEL="loud"/)
  }
})

t.test('production refuses to start without SESSION_KEY, naming it', async (t) => {
  t.throws(() => load({ NODE_ENV: 'production' }), /SESSION_KEY is required in production/)
})

t.test('SESSION_KEY takes several keys, newest first, hex or base64, each 32 bytes', async (t) => {
  const hex = 'ab'.repeat(32)
  const base64 = Buffer.alloc(32, 7).toString('base64')
  const keys = loadConfig({ SESSION_KEY: `${hex}, ${base64}` }).sessionKeys
  t.same(keys.map((k) => k.toString('hex')), [hex, Buffer.alloc(32, 7).toString('hex')])
  t.throws(() => parseSessionKeys('tooshort'), /SESSION_KEY key #1 is \d+ bytes; each key must be 32 bytes/)
  t.throws(() => loadConfig({ SESSION_KEY: `${hex},abcd` }), /key #2/)
})

t.test('half-configured sign-in providers stop start-up', async (t) => {
  t.throws(() => loadConfig({ GITHUB_CLIENT_ID: 'x' }), /GITHUB_CLIENT_SECRET is required when GITHUB_CLIENT_ID is set/)
  t.throws(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' }), /must be set together/)
  t.equal(loadConfig({}).auth.github, null)
  t.equal(loadConfig({}).auth.local, true)
})
