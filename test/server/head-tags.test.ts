// Page metadata set by the root (docs/product-contract.md).
import t from 'tap'
import { buildApp, browser } from '../helpers/build-app.ts'
import { metaContent, titleOf } from '../helpers/html.ts'
import { createChat, visitor } from '../helpers/chat.ts'
import { THEME_COLOR_DARK, THEME_COLOR_LIGHT } from '../../shared/constants.ts'

for (const url of ['/', '/chat/abc']) {
  t.test(`${url} carries the product's head tags`, async (t) => {
    const { app } = await buildApp(t)
    const owner = visitor()
    if (url.startsWith('/chat/')) await createChat(app, owner, 'Head tags?', url.slice('/chat/'.length))
    const res = await app.inject({ url, headers: { ...owner.headers(), host: 'chat.example.test' } })
    t.equal(res.statusCode, 200)
    t.match(res.body, /^<!doctype html>\s*<html lang="en">/)
    t.match(titleOf(res.body), /AI Chatbot Template/)
    const [description] = metaContent(res.body, 'name', 'description')
    t.ok(description && description.length > 40, 'a real description')
    t.same(metaContent(res.body, 'property', 'og:image'), ['http://chat.example.test/og-image.png'])
    t.match(res.body, `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOR_LIGHT}">`)
    t.match(res.body, `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOR_DARK}">`)
  })
}

t.test('PUBLIC_URL makes og:image independent of the Host header', async (t) => {
  const { app } = await buildApp(t, { PUBLIC_URL: 'https://chat.example.com' })
  const res = await app.inject({ url: '/', headers: { ...browser, host: 'evil.test' } })
  t.same(metaContent(res.body, 'property', 'og:image'), ['https://chat.example.com/og-image.png'])
})

t.test('the og:image is a real PNG served by the app', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/og-image.png', headers: browser })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['content-type'], 'image/png')
  t.same([...res.rawPayload.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature')
  t.equal(res.rawPayload.readUInt32BE(16), 1200, 'width')
  t.equal(res.rawPayload.readUInt32BE(20), 630, 'height')
})

t.test('the colour-mode script runs before paint under the CSP nonce', async (t) => {
  const { app } = await buildApp(t)
  const res = await app.inject({ url: '/', headers: browser })
  const csp = String(res.headers['content-security-policy'])
  const nonce = /script-src 'self' 'nonce-([a-f0-9]+)'/.exec(csp)?.[1]
  t.ok(nonce, 'CSP has a script nonce')
  t.notMatch(csp, /script-src[^;]*unsafe-inline/)
  const head = res.body.slice(0, res.body.indexOf('</head>'))
  t.match(head, `<script nonce="${nonce}">(function(){try{var d=document.documentElement,p=localStorage.getItem("nuxt-color-mode")`)
  const inlineScripts = [...res.body.matchAll(/<script(?![^>]*type="application\/json")([^>]*)>/g)].map((m) => m[1]!)
  for (const attributes of inlineScripts) t.match(attributes, `nonce="${nonce}"`)
  const second = await app.inject({ url: '/', headers: browser })
  t.not(/nonce-([a-f0-9]+)/.exec(String(second.headers['content-security-policy']))?.[1], nonce, 'a new nonce per request')
})
