// Regenerates public/og-image.png (1200×630, the social preview image) by rendering a card in
// Chromium. Run: npx tsx scripts/og-image.ts
import { chromium } from '@playwright/test'
import { PRODUCT_DESCRIPTION, PRODUCT_NAME } from '../shared/constants.ts'
import { launchOptions } from '../test/helpers/chromium.ts'

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  background:radial-gradient(circle at 85% 15%,#166534 0,#0f172a 55%);color:#f8fafc;font-family:system-ui,sans-serif">
  <div style="display:flex;align-items:center;gap:24px">
    <svg width="96" height="96" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#22c55e"/><path d="M9 10h14a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3h-7l-5 4v-4h-2a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z" fill="#fff"/><circle cx="12.5" cy="16" r="1.5" fill="#16a34a"/><circle cx="16" cy="16" r="1.5" fill="#16a34a"/><circle cx="19.5" cy="16" r="1.5" fill="#16a34a"/></svg>
    <div style="font-size:64px;font-weight:800;letter-spacing:-1px">${PRODUCT_NAME}</div>
  </div>
  <div style="font-size:36px;line-height:1.35;color:#cbd5e1;max-width:1000px">${PRODUCT_DESCRIPTION}</div>
  <div style="display:flex;gap:16px;font-size:26px;color:#86efac"><span>Fastify</span>·<span>React</span>·<span>Streaming</span>·<span>SQLite / PostgreSQL</span></div>
</div></body></html>`

const browser = await chromium.launch(launchOptions())
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({ path: 'public/og-image.png' })
await browser.close()
console.log('wrote public/og-image.png')
