// Every route Fastify has, read from its printed route tree: tests that must cover each route (the
// API document, what a token may not reach) enumerate them here, so a new route cannot be forgotten.
import type { FastifyInstance } from 'fastify'

export interface RegisteredRoute {
  method: string
  /** As declared, with `:param` placeholders. */
  path: string
}

export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = []
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line)
    if (!match) continue
    const depth = match[1]!.length / 4
    const path = (parents[depth - 1] ?? '') + match[2]!
    parents[depth] = path
    parents.length = depth + 1
    if (match[3]) for (const method of match[3].split(', ')) routes.push({ method, path })
  }
  return routes
}
