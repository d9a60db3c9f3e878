// Constants named after SPEC.md §9 (and §1, §4). Both the server and the browser import them.

export const PRODUCT_NAME = 'AI Chatbot Template'
export const PRODUCT_TITLE = 'AI Chatbot Template: streaming chat, ready to run'
export const PRODUCT_DESCRIPTION =
  'An open AI chatbot template: answers stream token by token, chats persist, sign in to keep your history on every device.'
export const OG_IMAGE_PATH = '/og-image.png'

/** Theme colour meta, white in light mode and a dark colour (slate-900) in dark mode (docs/product-contract.md). */
export const THEME_COLOR_LIGHT = '#ffffff'
export const THEME_COLOR_DARK = '#0f172a'

/** Colour mode preference key in localStorage (docs/product-contract.md). */
export const COLOR_MODE_STORAGE_KEY = 'nuxt-color-mode'
/** The window event (detail `{ chatId, text }`) by which the system prompt editor tells the chat screen of a change. */
export const SYSTEM_PROMPT_EVENT = 'chat-system-prompt'
/** The model last picked on the home screen (the settings dialog sets it to the default model). */
export const MODEL_STORAGE_KEY = 'chat-model'
export const COLOR_MODES = ['system', 'light', 'dark'] as const
export type ColorModePreference = (typeof COLOR_MODES)[number]

/** Remembered sidebar state (not in the spec; same storage as the colour mode). */
export const SIDEBAR_STORAGE_KEY = 'chat-sidebar'

/** A failed chunk load reloads the page at most once per this many ms (docs/product-contract.md). */
export const RELOAD_GUARD_TTL_MS = 10_000
export const RELOAD_GUARD_STORAGE_KEY = 'nuxt:reload'

/** A chat id route parameter (docs/product-contract.md). */
export const CHAT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** Chats per page of the sidebar's list: the page a full page render inlines, then each GET /api/chats. */
export const SIDEBAR_PAGE_SIZE = 30
/**
 * Messages a chat page carries (and each page of earlier ones as the reader scrolls up): a chat of
 * 1,000 messages opens as fast and as light as one of 30.
 */
export const CHAT_PAGE_MESSAGES = 30
/** A chat's find bar counts at most this many matching messages (the newest). */
export const CHAT_FIND_MAX_MATCHES = 1000

/** At most this many route preloads at once (docs/product-contract.md). */
export const ROUTE_PRELOAD_CONCURRENCY = 4

/** Suffix of the route payload URL: `{path}/_payload.json`. */
export const PAYLOAD_SUFFIX = '_payload.json'

/** The HTTP client retries a request once on these statuses (docs/product-contract.md), requests without a body only. */
export const HTTP_RETRY_STATUS_CODES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504]
/** How many times the HTTP client retries: "once" (docs/product-contract.md). */
export const HTTP_RETRY_LIMIT = 1
/** Time a request may take before the HTTP client gives up on it. */
export const HTTP_TIMEOUT_MS = 15_000
/** Wait before the retry when the server does not say (no `Retry-After`). */
export const HTTP_RETRY_DELAY_MS = 250
/** A `Retry-After` longer than this is cut to it: the user is waiting. */
export const HTTP_RETRY_AFTER_MAX_MS = 3_000

/** The session read (docs/product-contract.md): `{}` anonymous, `{ user, loggedInAt }` signed in. */
export const SESSION_API_PATH = '/api/_auth/session'

/** Build manifest files of the update check (docs/product-contract.md). */
export const LATEST_BUILD_PATH = '/_nuxt/builds/latest.json'
export const BUILD_META_PATH_PREFIX = '/_nuxt/builds/meta/'
export function buildMetaPath(id: string): string {
  return `${BUILD_META_PATH_PREFIX}${encodeURIComponent(id)}.json`
}
/** The `<meta name>` that tells the page which build it runs. */
export const BUILD_ID_META_NAME = 'build-id'
/** The <meta> that gives the page's scripts the nonce a <style> element must carry (CSP style-src-elem). */
export const STYLE_NONCE_META_NAME = 'style-nonce'
/** The manifest fetch starts about this long after the page is idle (docs/product-contract.md). */
export const MANIFEST_FETCH_DELAY_MS = 1000
/** How often an open page asks whether a newer build is deployed (also on focus, see below). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000
/** Focus and visibility changes check for a new build at most this often. */
export const UPDATE_CHECK_MIN_GAP_MS = 60_000
/** Toasts (docs/product-contract.md). */
export const TOAST_DEFAULT_DURATION_MS = 5000
/** A toast swiped right (the viewport is top-right) at least this far closes. */
export const TOAST_SWIPE_THRESHOLD_PX = 50
export const TOAST_SWIPE_DIRECTION = 'right'
export const TOAST_MAX_VISIBLE = 5
/** A closed toast stays in the DOM this long (its exit animation), then is removed. */
export const TOAST_REMOVE_DELAY_MS = 200
export const TOAST_VIEWPORT_HOTKEY = 'F8'
/** The viewport is this wide from the `sm` breakpoint up (full width below). */
export const TOAST_VIEWPORT_WIDTH = '24rem'
export const TOAST_TYPES = ['foreground', 'background'] as const

/** Tooltips open after hovering this long (docs/product-contract.md); within the skip delay after one closed, at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** Progress max must be > 0 and defaults to this (docs/product-contract.md). */
export const PROGRESS_DEFAULT_MAX = 100

/** The page navigation loading indicator (docs/product-contract.md). */
export const LOADING_INDICATOR_THROTTLE_MS = 200
export const LOADING_INDICATOR_DURATION_MS = 2000
export const LOADING_INDICATOR_HIDE_DELAY_MS = 500
export const LOADING_INDICATOR_RESET_DELAY_MS = 400
export const LOADING_INDICATOR_HEIGHT_PX = 3
/** Icons come from `{ICON_API_PATH}/{collection}.json?icons=a,b` (docs/product-contract.md); a fetch gives up after this long. */
export const ICON_API_PATH = '/api/_nuxt_icon'
export const ICON_FETCH_TIMEOUT_MS = 1_500
/** Where icons come from when our endpoint fails (docs/product-contract.md); also the server's default upstream. */
export const ICON_PUBLIC_SERVICE_URL = 'https://api.iconify.design'
/** At most this many icon names in one request (Iconify's own API limit is in the same range). */
export const ICON_MAX_PER_REQUEST = 100
/** Collection and icon names: lowercase letters and digits in hyphen-separated words (Iconify's rule). */
export const ICON_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
