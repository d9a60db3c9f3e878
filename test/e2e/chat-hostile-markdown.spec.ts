// No HTML or script from a model or a user ever executes. The offline model quotes the question in
// its answer, so a hostile question puts hostile Markdown into a real, stored, streamed answer.
import { test, expect, waitForHydration } from './fixtures.ts'
import { sendFromHome } from './chat-helpers.ts'

const HOSTILE = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script> [bad](javascript:window.pwned=3) [docs](https://example.com/)'

test('hostile Markdown renders as text, javascript: links are neutralised, links open safely', async ({ page }) => {
  await sendFromHome(page, HOSTILE)

  for (const phase of ['streamed', 'server-rendered']) {
    const log = page.getByRole('log', { name: 'Messages' })
    // The question is plain text, exactly as typed.
    // (Its bubble: the article also holds the message's time and actions.)
    const bubble = log.getByRole('article', { name: 'Your message' }).getByText(HOSTILE, { exact: true })
    await expect(bubble, phase).toBeVisible()
    expect(await bubble.evaluate((element) => element.children.length), `${phase}: no element made from it`).toBe(0)
    const answer = log.getByRole('article', { name: 'Answer' })
    // The raw HTML shows as text inside the answer, and no element was made from it.
    await expect(answer, phase).toContainText('<img src=x onerror="window.pwned=1">')
    await expect(answer, phase).toContainText('<script>window.pwned=2</script>')
    await expect(log.locator('img, script, iframe, [onerror]'), phase).toHaveCount(0)
    // The javascript: link is not a link; the https one opens in a new tab without an opener.
    await expect(answer.getByRole('link', { name: 'bad' }), phase).toHaveCount(0)
    await expect(answer.getByText('bad', { exact: true }), phase).toBeVisible()
    const docs = answer.getByRole('link', { name: 'docs' })
    await expect(docs, phase).toHaveAttribute('href', 'https://example.com/')
    await expect(docs, phase).toHaveAttribute('target', '_blank')
    await expect(docs, phase).toHaveAttribute('rel', 'noopener noreferrer')
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), phase).toBeUndefined()

    await answer.getByText('bad', { exact: true }).click()
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), phase).toBeUndefined()
    if (phase === 'streamed') {
      await page.reload()
      await waitForHydration(page)
    }
  }
})
