// Development-only reports for misused UI kit props (interface checks, not product rules). The caller always
// falls back to a safe value, so a bad prop never breaks the page.

/** `import.meta.env` is Vite's; under plain Node (unit tests) it is undefined. */
const DEV = import.meta.env?.DEV === true

/**
 * Whether a misuse is reported at all: in development and under plain Node (unit tests pass their
 * own reporter), never in a production build. Callers guard each report with it, so that Vite folds
 * it to false and the messages themselves are not shipped.
 */
export const DEV_CHECKS = import.meta.env?.DEV !== false

export type Reporter = (message: string) => void

export const devError: Reporter = (message) => {
  if (DEV) console.error(message)
}

export const devWarn: Reporter = (message) => {
  if (DEV) console.warn(message)
}
