// A request body must keep arriving: at least BODY_MIN_BYTES_PER_S over every BODY_RATE_WINDOW_MS,
// and all of it within BODY_TIMEOUT_MS. Otherwise the request ends with 408 and its stream fails, so
// whatever was reading it (an upload's write to storage, an import's spool file) removes what it
// had. Without this a client sending a byte every few seconds holds a socket and a partial file for
// as long as it likes (Node's own request timeout is off in Fastify).
// Counted from the socket's bytes, never by reading the stream (that would take the body from its
// parser); a window in which the body waited on us (its buffer full: our storage was slow, or the
// handler had not started reading yet) does not count against the client.
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { AppConfig } from '../../fastify.config.ts'
import { AppError } from '../../shared/errors.ts'

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

export default fp(
  async function bodyTimeout(app, options: { config: AppConfig }) {
    const { timeoutMs, minBytesPerSecond, rateWindowMs } = options.config.body
    const minPerWindow = Math.max(1, Math.floor((minBytesPerSecond * rateWindowMs) / 1000))

    app.addHook('onRequest', async (request, reply) => {
      if (!hasBody(request)) return
      const raw = request.raw
      const socket = raw.socket
      // inject() has no socket to count (and no slow client).
      if (typeof socket?.bytesRead !== 'number') return
      const startedAt = Date.now()
      let lastBytes = socket.bytesRead
      const timer = setInterval(() => {
        if (raw.complete || socket.destroyed) return stop()
        const bytes = socket.bytesRead
        const waitedOnUs = raw.readableLength >= raw.readableHighWaterMark
        const tooSlow = bytes - lastBytes < minPerWindow && !waitedOnUs
        lastBytes = bytes
        const tooLong = Date.now() - startedAt >= timeoutMs
        if (!tooSlow && !tooLong) return
        stop()
        const error = tooLong
          ? new AppError(408, 'BODY_TIMEOUT', `The request body did not arrive within ${Math.round(timeoutMs / 1000)} seconds.`)
          : new AppError(408, 'BODY_TOO_SLOW', `The request body arrived slower than ${minBytesPerSecond} bytes a second (over ${rateWindowMs} ms): the request was ended.`)
        request.log.info({ bytesRead: bytes, ms: Date.now() - startedAt }, `body-timeout: ${error.code}`)
        // The answer first, then the body's stream fails: its reader cleans up, and the socket goes.
        // The handler then fails with this same error after its answer was sent, which Fastify
        // would log as an error of ours: it is the client's, logged above, once.
        const fail = () => {
          reply.log = request.log = request.log.child({}, { level: 'silent' })
          raw.destroy(error)
        }
        if (reply.sent) fail()
        else {
          reply.raw.once('finish', fail)
          reply.raw.once('close', fail)
          reply.header('connection', 'close').code(408).send({ statusCode: 408, code: error.code, message: error.message })
        }
      }, Math.min(rateWindowMs, timeoutMs))
      timer.unref()
      const stop = () => clearInterval(timer)
      // Not when the answer is sent: a body still trickling in after a refusal holds the socket too.
      raw.once('close', stop)
    })
  },
  { name: 'body-timeout' },
)
