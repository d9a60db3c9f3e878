// Process entry: read config, build, listen; shut down gracefully on SIGTERM/SIGINT.
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../fastify.config.ts'
import { build } from './app.ts'

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const app = await build(config)

closeWithGrace({ delay: config.shutdownTimeoutMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'main: shutting down after an uncaught error')
  else app.log.info({ signal }, 'main: shutting down')
  await app.close()
})

try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  app.log.fatal({ err: error }, 'main: could not listen')
  process.exit(1)
}
