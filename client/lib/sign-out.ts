// Signing out (the account menu, the search palette): loaded with them, not with the first paint.
import { seedSession } from './session.ts'
import { SESSION_API_PATH } from '../../shared/constants.ts'

/** Sign-out here; the caller decides what the interface does next. Never rejects. */
export async function signOut(): Promise<boolean> {
  try {
    const { http } = await import('./http.ts')
    await http.delete(SESSION_API_PATH)
    seedSession({})
    return true
  } catch (error) {
    console.warn('[session] sign-out failed', error)
    return false
  }
}
