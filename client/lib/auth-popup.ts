// Sign-in in a popup (docs/product-contract.md). The opener sets a temporary flag in localStorage and
// opens the provider's URL in a 960×600 window centred on it. When the flow returns to the app
// inside the popup, the app sees the flag, clears it and closes the window; the opener hears the
// `storage` event and refreshes its session, switching to signed in without a reload.
import { AUTH_POPUP_ERROR, AUTH_POPUP_FLAG, AUTH_POPUP_HEIGHT, AUTH_POPUP_WIDTH } from '../../shared/auth.ts'
import { navigate } from 'wouter/use-browser-location'
import { refreshSession } from './session.ts'

export const AUTH_POPUP_NAME = 'auth-popup'
const AUTH_ERROR_PARAM = 'auth_error'
/** Where a full-page sign-in (popup blocked) started, to return there once it is over. */
export const RETURN_KEY = 'auth-return-to'

function session(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** In this window: is it the sign-in popup (rather than a full-page sign-in)? */
export function isSignInPopup(): boolean {
  return window.name === AUTH_POPUP_NAME || Boolean(window.opener)
}

/**
 * The page a full-page sign-in started from, taken (once). Only a path on this site: never a
 * place another site could have put there.
 */
export function takeSignInReturn(): string | null {
  const store = session()
  const path = store?.getItem(RETURN_KEY) ?? null
  store?.removeItem(RETURN_KEY)
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth/') ? path : null
}


function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Opens `url` in the sign-in popup; a blocked popup falls back to a full-page redirect. */
export function openSignIn(url: string) {
  const store = storage()
  store?.setItem(AUTH_POPUP_FLAG, 'true')
  const left = Math.round(window.screenX + (window.outerWidth - AUTH_POPUP_WIDTH) / 2)
  const top = Math.round(window.screenY + (window.outerHeight - AUTH_POPUP_HEIGHT) / 2)
  const features = `popup=yes,width=${AUTH_POPUP_WIDTH},height=${AUTH_POPUP_HEIGHT},left=${left},top=${top}`
  const popup = window.open(url, AUTH_POPUP_NAME, features)
  if (!popup) {
    store?.removeItem(AUTH_POPUP_FLAG)
    session()?.setItem(RETURN_KEY, window.location.pathname + window.location.search)
    window.location.assign(url)
    return
  }
  popup.focus()
}

/**
 * Runs first thing when the app starts. In the popup with the flag set, hands any error to the
 * opener, clears the flag and closes; returns true when the window is closing.
 */
export function completeSignInPopup(): boolean {
  const store = storage()
  if (!store?.getItem(AUTH_POPUP_FLAG)) return false
  // The sign-in pages themselves (/auth/...) are the flow, not its return to the app.
  if (window.location.pathname.startsWith('/auth/')) return false
  // Only the window the opener created closes; a tab the user opened meanwhile carries on.
  if (!isSignInPopup()) return false
  const error = new URLSearchParams(window.location.search).get(AUTH_ERROR_PARAM)
  if (error) store.setItem(AUTH_POPUP_ERROR, error)
  store.removeItem(AUTH_POPUP_FLAG)
  window.close()
  return true
}

type ErrorListener = (message: string) => void
const errorListeners = new Set<ErrorListener>()

/** Tells the interface about sign-in errors (a toast), from the popup or a full-page flow. */
export function onSignInError(listener: ErrorListener): () => void {
  errorListeners.add(listener)
  return () => errorListeners.delete(listener)
}

function reportError(message: string) {
  for (const listener of errorListeners) listener(message)
}

/** In the opener: refresh the session when the popup finishes; surface its errors. */
export function watchSignInPopup() {
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_POPUP_FLAG || event.newValue !== null) return
    const store = storage()
    const error = store?.getItem(AUTH_POPUP_ERROR)
    if (error) {
      store?.removeItem(AUTH_POPUP_ERROR)
      reportError(error)
    }
    void refreshSession()
  })
  // A full-page flow (popup blocked) is over once the app shows again: back where it started.
  if (!window.location.pathname.startsWith('/auth/') && session()?.getItem(RETURN_KEY)) {
    const back = takeSignInReturn()
    if (back && back !== window.location.pathname + window.location.search) navigate(back, { replace: true })
  }
  // A full-page flow comes back with the error in the address.
  const url = new URL(window.location.href)
  const error = url.searchParams.get(AUTH_ERROR_PARAM)
  if (error) {
    url.searchParams.delete(AUTH_ERROR_PARAM)
    history.replaceState(history.state, '', url.pathname + url.search + url.hash)
    // After the first render, so the toast region is listening.
    setTimeout(() => reportError(error), 0)
  }
}
