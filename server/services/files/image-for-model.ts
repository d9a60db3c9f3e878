// Images as a model gets them: no larger than IMAGE_MAX_SIDE pixels on a side (providers scale
// larger ones down themselves, or refuse them, and bill their size either way); the stored
// original is never changed. Models known to read text only get a note in place of the picture.
import { imageSize } from 'image-size'

/** The longest side, in pixels, of an image sent to a model. */
export const IMAGE_MAX_SIDE = 2048

/**
 * Model families that read text only. Matched against the model's name (without its provider);
 * TEXT_ONLY_MODELS adds an operator's own. Anything else is trusted to take images: a provider
 * that refuses one answers with an error the user sees.
 */
const KNOWN_TEXT_ONLY = [/^deepseek-(chat|reasoner|coder|r1)/i, /^gpt-3\.5/i, /^o[13]-mini/i, /codellama/i, /^qwen[\d.]*-coder/i]

/** `TEXT_ONLY_MODELS` patterns (names, `*` as a wildcard) as regular expressions. */
export function textOnlyPatterns(list: string[]): RegExp[] {
  return list.map((pattern) => new RegExp(`^${pattern.split('*').map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i'))
}

/** Whether `modelId` ("provider:name" or "name") is known not to read images. */
export function readsOnlyText(modelId: string, extra: RegExp[] = []): boolean {
  const name = modelId.slice(modelId.indexOf(':') + 1)
  return [...KNOWN_TEXT_ONLY, ...extra].some((pattern) => pattern.test(name) || pattern.test(modelId))
}

/**
 * The image scaled to fit IMAGE_MAX_SIDE (its format kept; a GIF's first frame as PNG), or the
 * same bytes when it already fits or cannot be read (the provider then decides).
 */
export async function imageForModel(bytes: Buffer, mediaType: string, maxSide = IMAGE_MAX_SIDE): Promise<{ bytes: Buffer; mediaType: string }> {
  let width: number
  let height: number
  try {
    ;({ width, height } = imageSize(bytes))
  } catch {
    return { bytes, mediaType }
  }
  if (Math.max(width, height) <= maxSide) return { bytes, mediaType }
  try {
    // sharp (libvips) loads with the first image that needs scaling: ~29 MB of RSS otherwise held
    // by every process from its start. rotate(): a phone photo's EXIF orientation is applied
    // before the resize drops it.
    const { default: sharp } = await import('sharp')
    const pipeline = sharp(bytes, { animated: false, limitInputPixels: 200_000_000 }).rotate().resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    if (mediaType === 'image/jpeg') return { bytes: await pipeline.jpeg({ quality: 85 }).toBuffer(), mediaType }
    if (mediaType === 'image/webp') return { bytes: await pipeline.webp({ quality: 85 }).toBuffer(), mediaType }
    return { bytes: await pipeline.png().toBuffer(), mediaType: 'image/png' }
  } catch {
    return { bytes, mediaType }
  }
}
