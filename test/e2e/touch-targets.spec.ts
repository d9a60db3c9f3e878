// On a touch phone every target a thumb can hit is at least 44 × 44 px: every visible button, link,
// field and menu item on the home and chat screens, signed out and signed in, with the sidebar
// drawer closed and open. A radio or checkbox counts by its label (the label is what takes the tap).
// Links inside a line of text are left out, as WCAG's target-size rule leaves them out.
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { createChatThroughApi } from './chat-helpers.ts'

const MIN = 44

/** Every visible target smaller than MIN in either direction, with its name and size. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [role="option"], [role="tab"], [tabindex]:not([tabindex="-1"])'
    const offenders: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[inert]') || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
      const own = element.getBoundingClientRect()
      // Visually hidden until focused (the skip link): not a target to tap.
      if (own.width <= 1 || own.height <= 1) continue
      // Off screen (a closed drawer slid aside).
      if (own.right <= 0 || own.bottom <= 0 || own.left >= innerWidth || own.top >= innerHeight) continue
      if (element.tagName === 'A' && getComputedStyle(element).display === 'inline' && element.closest('p, li')) continue
      const label = element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox') ? element.closest('label') : null
      const box = (label ?? element).getBoundingClientRect()
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue
      const name = (element.getAttribute('aria-label') ?? label?.textContent ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      offenders.push(`${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`)
    }
    return offenders
  }, MIN)
}

async function checkScreen(page: Page, path: string, where: string, found: string[]) {
  await page.goto(path)
  await waitForHydration(page)
  // The composer's Tools control loads once the page has settled: wait for it, it is a target too.
  await expect(page.getByRole('button', { name: /^Tools:/ })).toBeVisible()
  await page.waitForLoadState('networkidle')
  for (const offender of await smallTargets(page)) found.push(`${where}: ${offender}`)
  await page.getByRole('button', { name: 'Toggle sidebar' }).tap()
  const drawer = page.getByRole('complementary')
  await expect(drawer).toBeInViewport({ ratio: 1 })
  for (const offender of await smallTargets(page)) found.push(`${where}, sidebar open: ${offender}`)
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('every target on the home and chat screens is at least 44 × 44 px, signed out and signed in', async ({ page }) => {
  test.setTimeout(60_000)
  const found: string[] = []
  const anonymousChat = await createChatThroughApi(page, 'Show me a code example, please')
  await checkScreen(page, '/', 'home, signed out', found)
  await checkScreen(page, `/chat/${anonymousChat}`, 'chat, signed out', found)

  const email = `touch-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  expect((await page.request.post('/api/auth/local/sign-up', { data: { email, password: 'correct horse battery', name: 'Ada Lovelace' } })).ok()).toBe(true)
  const chat = await createChatThroughApi(page, 'What is the weather in Lisbon?')
  await checkScreen(page, '/', 'home, signed in', found)
  await checkScreen(page, `/chat/${chat}`, 'chat, signed in', found)
  expect(found, 'targets smaller than 44 × 44 px').toEqual([])
})
