// Images as models get them: scaled to fit 2048 px (the format kept, a GIF as PNG), untouched when
// they fit or cannot be read; which models read text only.
import t from 'tap'
import sharp from 'sharp'
import { imageSize } from 'image-size'
import { imageForModel, readsOnlyText, textOnlyPatterns } from '../../server/services/files/image-for-model.ts'
import { makePng } from '../helpers/make-png.ts'

t.test('an image larger than 2048 px on a side is scaled to fit, keeping its proportions and its format', async (t) => {
  const wide = makePng(3000, 1000)
  const scaled = await imageForModel(wide, 'image/png')
  t.equal(scaled.mediaType, 'image/png')
  t.same(imageSize(scaled.bytes), { height: 683, width: 2048, type: 'png' })

  const tallJpeg = await sharp({ create: { width: 900, height: 4096, channels: 3, background: '#16a34a' } }).jpeg().toBuffer()
  const jpeg = await imageForModel(tallJpeg, 'image/jpeg')
  t.equal(jpeg.mediaType, 'image/jpeg')
  t.match(imageSize(jpeg.bytes), { width: 450, height: 2048, type: 'jpg' })

  const bigGif = await sharp({ create: { width: 2500, height: 2500, channels: 3, background: '#2563eb' } }).gif().toBuffer()
  const gif = await imageForModel(bigGif, 'image/gif')
  t.equal(gif.mediaType, 'image/png', 'a GIF goes as a PNG of its first frame')
  t.match(imageSize(gif.bytes), { width: 2048, height: 2048 })
})

t.test('an image that fits, or that cannot be read, goes as it is', async (t) => {
  const small = makePng(2048, 300)
  t.equal((await imageForModel(small, 'image/png')).bytes, small, 'the same buffer: not re-encoded')
  const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(30, 7)])
  t.equal((await imageForModel(broken, 'image/png')).bytes, broken)
  // A header that claims a huge picture over bytes that do not hold one: sharp fails, the bytes go.
  const claims = makePng(4000, 10).subarray(0, 40)
  t.equal((await imageForModel(claims, 'image/png')).bytes, claims)
})

t.test('models known to read text only, and the operator’s own list', async (t) => {
  for (const id of ['openai:deepseek-chat', 'deepseek-reasoner', 'openai:gpt-3.5-turbo', 'o3-mini', 'openai:codellama:13b', 'qwen2.5-coder:7b']) t.ok(readsOnlyText(id), id)
  for (const id of ['openai:gpt-4o', 'anthropic:claude-sonnet-4-5', 'google:gemini-2.5-flash', 'llava:13b', 'offline']) t.notOk(readsOnlyText(id), id)
  const mine = textOnlyPatterns(['llama3*', 'my-model'])
  t.ok(readsOnlyText('openai:llama3.1:8b', mine))
  t.ok(readsOnlyText('my-model', mine))
  t.notOk(readsOnlyText('my-model-vision', mine))
  t.notOk(readsOnlyText('ollama-llama3', mine), 'a pattern matches the whole name')
})
