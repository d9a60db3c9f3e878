import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP_CHROME_UA } from './test/helpers/chromium.ts'
import { ONE_ADDRESS_ENV } from './test/helpers/one-address-env.ts'

const PORT = Number(process.env.E2E_PORT ?? 3199)
/** Fake upstreams of the tools (Open-Meteo, SearXNG), so the e2e tests need no network. */
const UPSTREAMS_PORT = Number(process.env.E2E_UPSTREAMS_PORT ?? 3198)
const UPSTREAMS = `http://127.0.0.1:${UPSTREAMS_PORT}`
/** The app's MCP_CONFIG: the fake upstreams' MCP server. */
const MCP_CONFIG = join(mkdtempSync(join(tmpdir(), 'e2e-mcp-')), 'mcp.json')
writeFileSync(MCP_CONFIG, JSON.stringify({ mcpServers: { demo: { url: `${UPSTREAMS}/mcp` } } }))

// End-to-end tests run against the production build (npm test builds it first) in Debian's Chromium.
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI_SUMMARY_FILE
    ? [['list'], ['json', { outputFile: process.env.CI_SUMMARY_FILE }]]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    userAgent: DESKTOP_CHROME_UA,
    trace: 'off',
  },
  webServer: [
    {
      command: `npx tsx test/helpers/fake-upstreams-main.ts ${UPSTREAMS_PORT}`,
      url: `${UPSTREAMS}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node dist/node/server/main.js',
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...ONE_ADDRESS_ENV,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        UI_PLAYGROUND: 'true',
        DATABASE_PATH: ':memory:',
        SESSION_KEY: '1b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfe',
        GEOCODING_API_URL: UPSTREAMS,
        WEATHER_API_URL: UPSTREAMS,
        SEARXNG_URL: UPSTREAMS,
        MCP_CONFIG,
      },
    },
  ],
})
