// Attachments in Chromium: pick, drop and paste files into the composer; chips with
// thumbnails, sizes, progress and remove; a send that waits for its uploads; a failed upload that
// says why and loses no text; the offline model's acknowledgement; a sent message's thumbnails (the
// overlay) and file cards; a public share shows them to a signed-out reader; axe; a phone.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures.ts'
import { makePng } from '../helpers/make-png.ts'
import { makePdf } from '../helpers/make-pdf.ts'
import { formatBytes } from '../../shared/format-bytes.ts'

const PNG = makePng(320, 200)
const CSV = Buffer.from('city,temp\nLisbon,18\nParis,12\n')
const PDF = makePdf([['Quarterly report', 'Revenue grew.'], ['Second page']])

type Upload = { name: string; mimeType: string; buffer: Buffer }
const png = (name = 'chart.png'): Upload => ({ name, mimeType: 'image/png', buffer: PNG })
const csv: Upload = { name: 'data.csv', mimeType: 'text/csv', buffer: CSV }
const pdf: Upload = { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF }

async function openHome(page: Page) {
  await page.goto('/')
  await waitForHydration(page)
  // The paperclip arrives with its chunk once the page has settled.
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeVisible()
}

const chips = (page: Page) => page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')
const chip = (page: Page, name: string) => page.getByRole('list', { name: 'Attached files' }).getByRole('listitem', { name })
const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message' })

async function pick(page: Page, ...files: Upload[]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach files' }).click()
  await (await chooser).setFiles(files)
}

/** Files in a DataTransfer made in the page, as a drop or a paste carries them. */
async function transfer(page: Page, files: Upload[]) {
  return page.evaluateHandle(
    (list) => {
      const data = new DataTransfer()
      for (const file of list) data.items.add(new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.mimeType }))
      return data
    },
    files.map((file) => ({ name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') })),
  )
}

test('picked files upload as chips, and the sent message shows them, which the offline model describes', async ({ page }) => {
  await openHome(page)
  await pick(page, png(), csv)
  await expect(chips(page)).toHaveCount(2)
  await expect(chip(page, 'chart.png')).toContainText(formatBytes(PNG.length))
  await expect(chip(page, 'data.csv')).toContainText(`${CSV.length} bytes`)
  // The picked image shows as a thumbnail before it is sent.
  await expect.poll(() => chip(page, 'chart.png').locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320)
  await prompt(page).fill('What is in these?')
  await prompt(page).press('Enter')

  await page.waitForURL(/\/chat\//)
  const mine = page.getByRole('article', { name: 'Your message' })
  await expect(mine.getByRole('button', { name: 'Open chart.png' })).toBeVisible()
  const card = mine.getByRole('link', { name: /data\.csv/ })
  await expect(card).toContainText(`CSV · ${CSV.length} bytes`)
  await expect(mine).toContainText('What is in these?')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('You attached 2 files', { timeout: 15_000 })
  await expect(answer).toContainText('chart.png: a PNG image')
  await expect(answer).toContainText('320×200 pixels')
  await expect(answer).toContainText(`data.csv: a CSV file, ${CSV.length} bytes, 3 lines, the first line is “city,temp”`)

  // The thumbnail opens the picture full size; Escape closes it and focus comes back.
  await mine.getByRole('button', { name: 'Open chart.png' }).click()
  const viewer = page.getByRole('dialog', { name: 'chart.png' })
  await expect(viewer).toBeVisible()
  expect(await viewer.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320)
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'chart.png')
  await page.keyboard.press('Escape')
  await expect(viewer).toHaveCount(0)
  await expect(mine.getByRole('button', { name: 'Open chart.png' })).toBeFocused()

  // After a reload the files are still there, with their sizes, from the stored message.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('article', { name: 'Your message' }).getByRole('link', { name: /data\.csv/ })).toContainText(`CSV · ${CSV.length} bytes`)
  const href = await page.getByRole('article', { name: 'Your message' }).getByRole('link', { name: /data\.csv/ }).getAttribute('href')
  const download = await page.request.get(href!)
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="data.csv"/)
  expect(await download.text()).toBe(CSV.toString())
  const results = await new AxeBuilder({ page }).include('[data-role="user"]').analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([])
})

test('a PDF is a card that opens it, and the offline model names its pages and first line', async ({ page }) => {
  await openHome(page)
  await pick(page, pdf)
  await expect(chip(page, 'report.pdf')).toContainText(`${PDF.length} bytes`)
  // A message of files alone may be sent.
  await page.getByRole('button', { name: 'Send message' }).click()
  await page.waitForURL(/\/chat\//)
  const card = page.getByRole('article', { name: 'Your message' }).getByRole('link', { name: /report\.pdf/ })
  await expect(card).toContainText('PDF')
  await expect(card).toHaveAttribute('target', '_blank')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('report.pdf: a PDF', { timeout: 15_000 })
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('2 pages, the first line is “Quarterly report”')
  const served = await page.request.get((await card.getAttribute('href'))!)
  expect(served.headers()['content-type']).toBe('application/pdf')
  expect(served.headers()['content-disposition']).toMatch(/^inline/)
})

test('an edited message keeps its files, and the new answer still reads them', async ({ page }) => {
  await openHome(page)
  await pick(page, csv)
  await expect(chip(page, 'data.csv')).toContainText(`${CSV.length} bytes`)
  await prompt(page).fill('First question')
  await prompt(page).press('Enter')
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('You asked: “First question”', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Edit message' }).click()
  const editor = page.getByRole('textbox', { name: 'Edit your message' })
  await editor.fill('Second question')
  await editor.press('Enter')
  await expect(answer).toContainText('You asked: “Second question”', { timeout: 15_000 })
  await expect(answer).toContainText('data.csv: a CSV file')
  await page.reload()
  await waitForHydration(page)
  const mine = page.getByRole('article', { name: 'Your message' })
  await expect(mine).toContainText('Second question')
  await expect(mine.getByRole('link', { name: /data\.csv/ })).toBeVisible()
})

test('a dropped image and a pasted screenshot become chips', async ({ page }) => {
  await openHome(page)
  const dropped = await transfer(page, [png('dropped.png')])
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: dropped })
  await expect(page.getByText('Drop files to attach them')).toBeVisible()
  await page.dispatchEvent('main', 'dragover', { dataTransfer: dropped })
  await page.dispatchEvent('main', 'drop', { dataTransfer: dropped })
  await expect(page.getByText('Drop files to attach them')).toHaveCount(0)
  await expect(chip(page, 'dropped.png')).toContainText(formatBytes(PNG.length))

  const pasted = await transfer(page, [png('image.png')])
  await prompt(page).fill('Compare')
  await prompt(page).evaluate((element, data) => element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })), pasted)
  await expect(chip(page, 'image.png')).toContainText(formatBytes(PNG.length))
  // The image was attached, not pasted as text.
  await expect(prompt(page)).toHaveValue('Compare')
  await prompt(page).press('Enter')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('You attached 2 files', { timeout: 15_000 })
  await expect(page.getByRole('article', { name: 'Your message' }).getByRole('button', { name: /^Open / })).toHaveCount(2)
})

test('a removed chip is not sent and its upload is deleted', async ({ page }) => {
  await openHome(page)
  const uploaded: string[] = []
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/files') && response.status() === 201) uploaded.push(((await response.json()) as { url: string }).url)
  })
  await pick(page, png(), csv)
  await expect(chip(page, 'data.csv')).toContainText(`${CSV.length} bytes`)
  await expect(chip(page, 'chart.png')).toContainText(formatBytes(PNG.length))
  const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/files/'))
  await chip(page, 'chart.png').getByRole('button', { name: 'Remove chart.png' }).click()
  expect((await deleted).status()).toBe(204)
  await expect(chips(page)).toHaveCount(1)
  await expect(prompt(page)).toBeFocused()
  await prompt(page).fill('Only the table')
  await prompt(page).press('Enter')
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('You attached one file', { timeout: 15_000 })
  await expect(page.getByRole('article', { name: 'Answer' })).not.toContainText('chart.png')
  // The sent file is served; the removed one is gone.
  expect(uploaded).toHaveLength(2)
  const statuses = await Promise.all(uploaded.map(async (url) => (await page.request.get(url)).status()))
  expect(statuses.sort()).toEqual([200, 404])
})

test('a file that cannot be uploaded says why on its chip, keeps the text, and holds the send back', async ({ page }) => {
  await openHome(page)
  await prompt(page).fill('Here is my photo')
  await pick(page, { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0xff, 0xfe]) })
  await expect(chip(page, 'photo.png').getByRole('alert')).toContainText('“photo.png” is not a type of file we accept. Accepted: PNG, JPEG, WebP and GIF images, PDF')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('A file could not be uploaded: remove it to send your message.')).toBeVisible()
  await expect(page).toHaveURL('/')
  await expect(prompt(page)).toHaveValue('Here is my photo')
  await chip(page, 'photo.png').getByRole('button', { name: 'Remove photo.png' }).click()
  await expect(page.getByText('A file could not be uploaded')).toHaveCount(0)
  await page.getByRole('button', { name: 'Send message' }).click()
  await page.waitForURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText('Here is my photo')
})

test('an HTML or SVG file is a download, never a page of ours that runs its script', async ({ page }) => {
  await openHome(page)
  let alerted = false
  page.on('dialog', (dialog) => {
    alerted = true
    void dialog.dismiss()
  })
  const html: Upload = { name: 'evil.html', mimeType: 'text/html', buffer: Buffer.from('<!doctype html><script>alert(document.cookie)</script><h1>Hi</h1>') }
  const svg: Upload = { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>') }
  await pick(page, html, svg)
  await expect(chip(page, 'evil.html')).toContainText(formatBytes(html.buffer.length))
  await expect(chip(page, 'logo.svg')).toContainText(formatBytes(svg.buffer.length))
  await page.getByRole('button', { name: 'Send message' }).click()
  await page.waitForURL(/\/chat\//)
  const mine = page.getByRole('article', { name: 'Your message' })
  // Neither is shown as a picture: both are text files, as their bytes say.
  await expect(mine.getByRole('button', { name: /^Open / })).toHaveCount(0)
  for (const name of ['evil.html', 'logo.svg']) {
    const card = mine.getByRole('link', { name: new RegExp(name.replace('.', '\\.')) })
    await expect(card).toHaveAttribute('download', name)
    const download = page.waitForEvent('download')
    await card.click()
    expect((await download).suggestedFilename()).toBe(name)
    // Opened directly, it is still a download (Content-Disposition: attachment), not a document.
    const href = await card.getAttribute('href')
    const direct = await page.context().newPage()
    const downloaded = direct.waitForEvent('download')
    await direct.goto(href!).catch(() => undefined)
    expect((await downloaded).suggestedFilename()).toBe(name)
    await direct.close()
  }
  expect(alerted).toBe(false)
})

test('a send waits for the uploads still running, then goes with the files', async ({ page }) => {
  await openHome(page)
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/files', async (route) => {
    await held
    await route.continue()
  })
  await pick(page, csv)
  await expect(chip(page, 'data.csv').getByRole('progressbar', { name: 'Uploading data.csv' })).toBeVisible()
  await prompt(page).fill('Read this')
  await prompt(page).press('Enter')
  await expect(page.getByText('Your message is sent once the files are uploaded.')).toBeVisible()
  await expect(page).toHaveURL('/')
  release()
  await page.waitForURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('data.csv: a CSV file', { timeout: 15_000 })
})

test('a public chat shows its files to a signed-out reader', async ({ page, browser }) => {
  await openHome(page)
  await pick(page, png(), csv)
  await expect(chip(page, 'data.csv')).toContainText(`${CSV.length} bytes`)
  await expect(chip(page, 'chart.png')).toContainText(formatBytes(PNG.length))
  await prompt(page).fill('Shared files')
  await prompt(page).press('Enter')
  await page.waitForURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('You attached 2 files', { timeout: 15_000 })
  const id = page.url().split('/chat/')[1]!
  const shared = await page.request.patch(`/api/chats/${id}`, { data: { visibility: 'public' } })
  expect(shared.status()).toBe(200)

  const reader = await browser.newContext()
  const readerPage = await reader.newPage()
  await readerPage.goto(`/chat/${id}`)
  await waitForHydration(readerPage)
  const message = readerPage.getByRole('article', { name: 'Your message' })
  const thumbnail = message.getByRole('button', { name: 'Open chart.png' }).locator('img')
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320)
  await expect(message.getByRole('link', { name: /data\.csv/ })).toContainText(`CSV · ${CSV.length} bytes`)
  await reader.close()

  // Made private again, the same file is not found for anyone but its owner.
  await page.request.patch(`/api/chats/${id}`, { data: { visibility: 'private' } })
  const href = await page.getByRole('article', { name: 'Your message' }).getByRole('link', { name: /data\.csv/ }).getAttribute('href')
  const stranger = await browser.newContext()
  expect((await stranger.request.get(new URL(href!, page.url()).href)).status()).toBe(404)
  await stranger.close()
})

test('on a phone the chips and the files fit the screen, and axe finds nothing in the composer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await openHome(page)
  await pick(page, png('a-very-long-screenshot-name-from-a-phone-camera.png'), csv, pdf)
  await expect(chips(page)).toHaveCount(3)
  await expect(chip(page, 'report.pdf')).toContainText(`${PDF.length} bytes`)
  const results = await new AxeBuilder({ page }).include('form').analyze()
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await prompt(page).press('Enter')
  await page.waitForURL(/\/chat\//)
  await expect(page.getByRole('article', { name: 'Answer' })).toContainText('You attached 3 files', { timeout: 15_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  const box = await page.getByRole('article', { name: 'Your message' }).getByRole('link', { name: /report\.pdf/ }).boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(375)
})

test('files made by real tools: a PDF Chromium printed and a JPEG Chromium encoded', async ({ page, browser }) => {
  // A PDF as browsers and office programs write them (compressed streams, embedded subset fonts),
  // not the hand-made one above.
  const printer = await browser.newPage()
  await printer.setContent('<h1>Minutes of the board</h1><p>Budget approved.</p><p style="break-before: page">Appendix</p>')
  const printed = await printer.pdf({ format: 'A4' })
  await printer.close()
  expect(printed.subarray(0, 5).toString()).toBe('%PDF-')
  // A photo-sized JPEG from a canvas, bigger than what models get (it is scaled for them, kept whole here).
  const jpegBase64 = await page.evaluate(async () => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 2400, height: 1600 })
    const context = canvas.getContext('2d')!
    context.fillStyle = '#2a6'
    context.fillRect(0, 0, 2400, 1600)
    context.fillStyle = '#fff'
    context.fillText('photo', 100, 100)
    return canvas.toDataURL('image/jpeg', 0.85).split(',')[1]!
  })
  const jpeg = Buffer.from(jpegBase64, 'base64')

  await openHome(page)
  await pick(page, { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: printed }, { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg })
  await expect(chip(page, 'minutes.pdf')).toContainText(formatBytes(printed.length))
  await expect(chip(page, 'photo.jpg')).toContainText(formatBytes(jpeg.length))
  await prompt(page).fill('Summarise these')
  await prompt(page).press('Enter')
  await page.waitForURL(/\/chat\//)
  const answer = page.getByRole('article', { name: 'Answer' })
  await expect(answer).toContainText('minutes.pdf: a PDF', { timeout: 15_000 })
  await expect(answer).toContainText('2 pages, the first line is “Minutes of the board”')
  await expect(answer).toContainText('photo.jpg: a JPEG image')
  await expect(answer).toContainText('2400×1600 pixels')
  const mine = page.getByRole('article', { name: 'Your message' })
  await expect.poll(() => mine.getByRole('button', { name: 'Open photo.jpg' }).locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2400)
})
