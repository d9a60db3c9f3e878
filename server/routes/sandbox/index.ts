// The sandbox page that runs artifact previews, served with a policy of its own (no network, opaque origin).
import type { FastifyInstance } from 'fastify'

export default async function sandboxRoutes(_app: FastifyInstance) {}
