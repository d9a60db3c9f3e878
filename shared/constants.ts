// Constants named after SPEC.md §9 (and §1, §4). Both the server and the browser import them.

export const PRODUCT_NAME = 'AI Chatbot Template'
export const PRODUCT_TITLE = 'AI Chatbot Template: streaming chat, ready to run'
export const PRODUCT_DESCRIPTION =
  'An open AI chatbot template: answers stream token by token, chats persist, sign in to keep your history on every device.'
export const OG_IMAGE_PATH = '/og-image.png'

/** SPEC §1: theme colour meta, white in light mode and a dark colour (slate-900) in dark mode. */
export const THEME_COLOR_LIGHT = '#ffffff'
export const THEME_COLOR_DARK = '#0f172a'

/** SPEC §4, §9: colour mode preference key in localStorage. */
export const COLOR_MODE_STORAGE_KEY = 'nuxt-color-mode'
export const COLOR_MODES = ['system', 'light', 'dark'] as const
export type ColorModePreference = (typeof COLOR_MODES)[number]

/** Remembered sidebar state (not in the spec; same storage as the colour mode). */
export const SIDEBAR_STORAGE_KEY = 'chat-sidebar'

/** SPEC §8, §9: a failed chunk load reloads the page at most once per this many ms. */
export const RELOAD_GUARD_TTL_MS = 10_000
export const RELOAD_GUARD_STORAGE_KEY = 'nuxt:reload'

/** SPEC §2: a chat id route parameter. */
export const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** SPEC §2: at most this many route preloads at once. */
export const ROUTE_PRELOAD_CONCURRENCY = 4

/** Suffix of the route payload URL: `{path}/_payload.json`. */
export const PAYLOAD_SUFFIX = '_payload.json'

/** SPEC §7, §9: icons come from `{ICON_API_PATH}/{collection}.json?icons=a,b`; a fetch gives up after this long. */
export const ICON_API_PATH = '/api/_nuxt_icon'
export const ICON_FETCH_TIMEOUT_MS = 1_500
/** SPEC §7: where icons come from when our endpoint fails (also the server's default upstream). */
export const ICON_PUBLIC_SERVICE_URL = 'https://api.iconify.design'
/** At most this many icon names in one request (Iconify's own API limit is in the same range). */
export const ICON_MAX_PER_REQUEST = 100
/** Collection and icon names: lowercase letters and digits in hyphen-separated words (Iconify's rule). */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
