// Colour mode store (docs/product-contract.md): system | light | dark in localStorage['nuxt-color-mode']. The
// inline head script applies it before first paint; this module keeps it applied while the app
// runs, follows the OS live in `system` mode, and syncs other tabs through the storage event.
import { useSyncExternalStore } from 'react'
import {
  COLOR_MODE_STORAGE_KEY,
  COLOR_MODES,
  THEME_COLOR_DARK,
  THEME_COLOR_LIGHT,
  type ColorModePreference,
} from '../../shared/constants.ts'

const DARK_QUERY = '(prefers-color-scheme: dark)'
const listeners = new Set<() => void>()
let started = false

/** The stored preference (outside React: a menu made when it opens). */
export function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY)
    return (COLOR_MODES as readonly string[]).includes(stored ?? '') ? (stored as ColorModePreference) : 'system'
  } catch {
    return 'system'
  }
}

export function resolvedMode(preference: ColorModePreference): 'light' | 'dark' {
  if (preference !== 'system') return preference
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

function apply(preference: ColorModePreference) {
  const root = document.documentElement
  const mode = resolvedMode(preference)
  root.classList.remove(mode === 'dark' ? 'light' : 'dark')
  root.classList.add(mode)
  root.dataset.colorMode = preference
  root.style.colorScheme = mode
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    const media = meta.dataset.media ?? meta.media
    meta.dataset.media = media
    if (preference === 'system') {
      // Back to the OS-driven pair of metas.
      meta.media = media
      meta.content = media.includes('dark') ? THEME_COLOR_DARK : THEME_COLOR_LIGHT
    } else {
      meta.content = mode === 'dark' ? THEME_COLOR_DARK : THEME_COLOR_LIGHT
    }
  }
  for (const listener of listeners) listener()
}

function start() {
  if (started || typeof window === 'undefined') return
  started = true
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (readPreference() === 'system') apply('system')
  })
  window.addEventListener('storage', (event) => {
    if (event.key === COLOR_MODE_STORAGE_KEY) apply(readPreference())
  })
}

export function setColorMode(preference: ColorModePreference) {
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference)
  } catch {
    // Not persisted (storage blocked), still applied for this page.
  }
  apply(preference)
}

export function nextColorMode(preference: ColorModePreference): ColorModePreference {
  return COLOR_MODES[(COLOR_MODES.indexOf(preference) + 1) % COLOR_MODES.length]!
}

function subscribe(listener: () => void) {
  start()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The stored preference; `system` during server render and hydration. */
export function useColorMode(): ColorModePreference {
  return useSyncExternalStore(subscribe, readPreference, () => 'system')
}

/** Start following OS changes even before a component subscribes. */
export function initColorMode() {
  start()
}
