// Process entry: read config, build, listen; shut down gracefully on SIGTERM/SIGINT.
import { setFlagsFromString } from 'node:v8'
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../fastify.config.ts'
import { build } from './app.ts'

// V8 lets the old generation grow to about twice what is still live before it collects again
// (its growing factor adapts up to 4×). A chat server holding a thousand streams keeps most of its
// heap live, so that slack was a third of its RSS at peak: 40 % bounds it, at no CPU cost measured
// (bench:stream, scripts/bench/README.md). `node --heap-growing-percent=N` on the command line wins.
if (!process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) setFlagsFromString('--heap-growing-percent=40')

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
