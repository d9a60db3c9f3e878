// The artifacts of a chat: list, read a version, save a user's version (owner-checked; a public chat read-only).
import type { FastifyInstance } from 'fastify'

export default async function artifactRoutes(_app: FastifyInstance) {}
