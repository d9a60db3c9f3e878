// build(config) assembles the app: plugins in dependency order, then routes. Tests call it with a
// config object and use inject() or listen on port 0; main.ts calls it and listens.
import Fastify, { type FastifyInstance } from 'fastify'
import compress from '@fastify/compress'
import type { DestinationStream } from 'pino'
import type { AppConfig } from '../fastify.config.ts'
import { loggerOptions } from './logger.ts'
import bots from './plugins/bots.ts'
import metrics from './plugins/metrics.ts'
import errors, { frameworkErrors } from './plugins/errors.ts'
import security from './plugins/security.ts'
import bodyTimeout from './plugins/body-timeout.ts'
import openapi from './plugins/openapi.ts'
import icons from './plugins/icons.ts'
import render, { type SsrEntry } from './plugins/render.ts'
import db from './plugins/db.ts'
import redis from './plugins/redis.ts'
import session from './plugins/session.ts'
import builds from './plugins/builds.ts'
import llm from './plugins/llm.ts'
import tools from './plugins/tools.ts'
import healthRoutes from './routes/health/index.ts'
import authRoutes from './routes/auth/index.ts'
import accountRoutes from './routes/auth/account.ts'
import localAuthRoutes from './routes/auth/local.ts'
import chats from './plugins/chats.ts'
import chatRoutes from './routes/chats/index.ts'
import personal from './plugins/personal.ts'
import settingsRoutes from './routes/settings/index.ts'
import projectRoutes from './routes/projects/index.ts'
import importRoutes from './routes/imports/index.ts'
import files from './plugins/files.ts'
import operators from './plugins/operators.ts'
import fileRoutes from './routes/files/index.ts'
import iconRoutes from './routes/icons/index.ts'
import pageRoutes from './routes/pages/index.ts'
import buildRoutes from './routes/builds/index.ts'
import modelRoutes from './routes/models/index.ts'
import toolRoutes from './routes/tools/index.ts'
import adminRoutes from './routes/admin/index.ts'
import tokenRoutes from './routes/tokens/index.ts'
import artifactRoutes from './routes/artifacts/index.ts'
import sandboxRoutes from './routes/sandbox/index.ts'
import artifacts from './plugins/artifacts.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
  }
}

export interface BuildOptions {
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: DestinationStream
  /** Replaces the built SSR entry, for tests of the streaming machinery. */
  ssrEntry?: SsrEntry
  /** The clock of sessions, quotas and retention (tests move it forward). */
  now?: () => number
}

/** A hop count as Fastify applies one (its types leave numbers out): the first `hops` hops are proxies. */
function trustedProxies(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting
  return (_address: string, hop: number) => hop < setting
}

export async function build(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream) as Record<string, unknown>,
    trustProxy: trustedProxies(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  })
  app.decorate('config', config)
  app.decorate('readinessChecks', new Map())
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(metrics, { config })
  await app.register(bots)
  await app.register(errors)
  await app.register(bodyTimeout, { config })
  await app.register(security, { config })
  await app.register(openapi)
  // JSON and other dynamic bodies; HTML pages compress themselves (to keep early flush) and static
  // files are precompressed at build.
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 })
  await app.register(healthRoutes)
  await app.register(builds, { config })
  await app.register(buildRoutes)
  await app.register(db, { config })
  await app.register(redis, { config })
  await app.register(session, { config, now: options.now })
  await app.register(authRoutes)
  await app.register(localAuthRoutes)
  // Loaded only when configured: the OAuth/OIDC client is code a process without them need not hold.
  if (config.auth.github) await app.register(import('./routes/auth/github.ts'))
  if (config.auth.oidc) await app.register(import('./routes/auth/oidc.ts'))
  await app.register(llm, { config })
  await app.register(tools, { config })
  await app.register(modelRoutes)
  await app.register(toolRoutes)
  await app.register(chats, { config })
  await app.register(personal)
  await app.register(files, { config })
  await app.register(artifacts, { config })
  await app.register(operators, { now: options.now })
  await app.register(chatRoutes)
  await app.register(settingsRoutes)
  await app.register(projectRoutes)
  await app.register(importRoutes)
  await app.register(fileRoutes)
  await app.register(accountRoutes)
  await app.register(adminRoutes)
  await app.register(tokenRoutes)
  await app.register(artifactRoutes)
  await app.register(sandboxRoutes)
  await app.register(icons, { config })
  await app.register(iconRoutes)
  await app.register(render, { config, ssrEntry: options.ssrEntry })
  await app.register(pageRoutes)
  return app
}
