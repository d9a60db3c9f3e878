// The whole of one message, for the "Show the rest" of a message its page carried only the start
// of (message-size.ts). Read like the chat: its owner, or anyone for a public chat (the branch it
// shows); 404 to everyone else.
import type { FastifyInstance } from 'fastify'
import { Type, type Static } from 'typebox'
import { AppError } from '../../../shared/errors.ts'
import { capParts } from '../../services/chats/message-size.ts'
import { readMessage } from '../../services/chats/shown-message.ts'
import { ErrorBody, MessageId, Id, StoredMessage, chatAccess } from './common.ts'

const MessageParams = Type.Object({ id: Id, messageId: MessageId })

export async function messageRestRoutes(app: FastifyInstance) {
  const access = chatAccess(app)
  app.get<{ Params: Static<typeof MessageParams> }>(
    '/api/chats/:id/messages/:messageId',
    { schema: { params: MessageParams, response: { 200: Type.Object({ message: StoredMessage }), 404: ErrorBody } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { isOwner } = await access(request, request.params.id, 'read')
      const message = await readMessage(app.db, request.params.id, request.params.messageId, !isOwner)
      if (!message) throw new AppError(404, 'MESSAGE_NOT_FOUND', 'This chat has no such message.')
      // A message stored before the cap existed is served as one stored now would be.
      return { message: { ...message, parts: capParts(message.parts, app.config.messageStoredMaxChars).parts } }
    },
  )
}
