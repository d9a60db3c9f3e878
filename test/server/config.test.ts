import t from 'tap'
import { ConfigError, loadConfig } from '../../fastify.config.ts'

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
  t.throws(() => loadConfig({ TRUST_PROXY: 'maybe' }), /TRUST_PROXY="maybe" is invalid: expected true or false/)
  t.throws(() => loadConfig({ PUBLIC_URL: 'example.com' }), /PUBLIC_URL="example.com" is invalid/)
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
