// pino options: JSON when stdout is not a terminal, pretty when it is and pino-pretty
// is installed (a development dependency); cookies and credentials never reach the log.
import { createRequire } from 'node:module'
import type { FastifyServerOptions } from 'fastify'
import type { DestinationStream } from 'pino'

export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
]

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty')
    return true
  } catch {
    return false
  }
}

export function loggerOptions(level: string, destination?: DestinationStream): FastifyServerOptions['loggerInstance'] | Record<string, unknown> {
  const base = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }
  if (destination) return { ...base, stream: destination }
  if (process.stdout.isTTY && prettyAvailable()) {
    return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } }
  }
  return base
}
