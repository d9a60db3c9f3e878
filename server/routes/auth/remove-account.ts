// Deleting an account with everything it owns: by its user (account settings) or by an
// administrator (the admin page). Answers still being written stop first: nothing is stored after.
import type { FastifyInstance } from 'fastify'

/** Returns how many chats went with it. Sessions and API tokens go with the user row (ON DELETE CASCADE). */
export async function removeAccount(app: FastifyInstance, userId: string): Promise<number> {
  for (const id of await app.chats.idsAnswering(userId)) await app.answers.stop(id)
  const chats = await app.chats.removeAllOf(userId)
  await app.files.remove(await app.files.store.idsOfOwner(userId))
  await app.projects.removeAllOf(userId)
  await app.settings.remove(userId)
  // Its imports' records (file names, what was skipped) go too.
  await app.db.deleteFrom('imports').where('owner_id', '=', userId).execute()
  await app.auth.users.remove(userId)
  return chats
}
