// Debian's Chromium (no browser downloads here), with the flags this machine's closed network needs.
import type { LaunchOptions } from '@playwright/test'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchOptions(): LaunchOptions {
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }
}

/**
 * Headless Chromium says "HeadlessChrome" in its user agent, which isbot counts as a bot (bots get
 * no rendered error pages). Tests act as a person's browser, so they present a regular Chrome UA.
 */
export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
