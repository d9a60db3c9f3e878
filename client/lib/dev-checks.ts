// Development-only reports for misused UI kit props (SPEC §5 interface checks). Production builds
// drop the console calls (Vite replaces import.meta.env.DEV with false); the caller always falls back
// to a safe value, so a bad prop never breaks the page.

/** `import.meta.env` is Vite's; under plain Node (unit tests) it is undefined. */
const DEV = import.meta.env?.DEV === true

export type Reporter = (message: string) => void

export const devError: Reporter = (message) => {
  if (DEV) console.error(message)
}

export const devWarn: Reporter = (message) => {
  if (DEV) console.warn(message)
}
