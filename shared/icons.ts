// Iconify JSON, the format of `@iconify-json/*` packages, of the public icon service and of our
// `/api/_nuxt_icon/{collection}.json` endpoint (docs/product-contract.md), plus what every page needs: icon names and
// drawing an icon as SVG. Reading sets (picking icons, resolving aliases) is in icon-sets.ts, out of
// the browser's first load.
import { ICON_NAME_PATTERN } from './constants.ts'

export interface IconifyDimensions {
  left?: number
  top?: number
  width?: number
  height?: number
}

export interface IconifyTransform {
  /** Quarter turns clockwise. */
  rotate?: number
  hFlip?: boolean
  vFlip?: boolean
}

export interface IconifyIcon extends IconifyDimensions, IconifyTransform {
  body: string
  hidden?: boolean
}

/** Another name for `parent`, optionally with its own dimensions or transformations. */
export interface IconifyAlias extends IconifyDimensions, IconifyTransform {
  parent: string
  hidden?: boolean
}

export interface IconifyJSON extends IconifyDimensions {
  prefix: string
  icons: Record<string, IconifyIcon>
  aliases?: Record<string, IconifyAlias>
  lastModified?: number
  /** In answers: requested names the set does not have. */
  not_found?: string[]
}

/** An icon ready to draw: its alias chain resolved and every default filled in. */
export interface IconData {
  body: string
  left: number
  top: number
  width: number
  height: number
  rotate: number
  hFlip: boolean
  vFlip: boolean
}

export function isIconName(value: string): boolean {
  return ICON_NAME_PATTERN.test(value)
}

/** `lucide:house` → `{ collection: 'lucide', name: 'house' }`; null for anything else. */
export function parseIconName(fullName: string): { collection: string; name: string } | null {
  const colon = fullName.indexOf(':')
  if (colon < 0) return null
  const collection = fullName.slice(0, colon)
  const name = fullName.slice(colon + 1)
  return isIconName(collection) && isIconName(name) ? { collection, name } : null
}

/** The `viewBox` and inner markup of an `<svg>` that draws `icon` (Iconify's iconToSVG rules). */
export function iconToSvg(icon: IconData): { viewBox: string; body: string } {
  let { left, top, width, height } = icon
  let rotate = icon.rotate
  const transforms: string[] = []
  if (icon.hFlip) {
    if (icon.vFlip) rotate += 2
    else {
      transforms.push(`translate(${width + left} ${-top})`, 'scale(-1 1)')
      left = top = 0
    }
  } else if (icon.vFlip) {
    transforms.push(`translate(${-left} ${height + top})`, 'scale(1 -1)')
    left = top = 0
  }
  rotate = ((rotate % 4) + 4) % 4
  if (rotate === 1) {
    const centre = height / 2 + top
    transforms.unshift(`rotate(90 ${centre} ${centre})`)
  } else if (rotate === 2) {
    transforms.unshift(`rotate(180 ${width / 2 + left} ${height / 2 + top})`)
  } else if (rotate === 3) {
    const centre = width / 2 + left
    transforms.unshift(`rotate(-90 ${centre} ${centre})`)
  }
  if (rotate % 2 === 1) {
    ;[left, top] = [top, left]
    ;[width, height] = [height, width]
  }
  const body = transforms.length > 0 ? `<g transform="${transforms.join(' ')}">${icon.body}</g>` : icon.body
  return { viewBox: `${left} ${top} ${width} ${height}`, body }
}

/**
 * What an `<Icon>` can know synchronously while rendering: the icon's data, null when it is known
 * not to exist (or failed), undefined when it is not known yet.
 */
export interface IconLookup {
  get(fullName: string): IconData | null | undefined
}

/** Id of the `<script type="application/json">` that carries a render's icons to the browser. */
export const ICON_SNAPSHOT_ID = '__APP_ICONS__'

/** Icons a server render used, to inline them for hydration (see client/lib/icons.ts). */
export type IconSnapshot = Record<string, IconData | null>

/**
 * A lookup for one server render that remembers what it answered, so the browser hydrates with
 * exactly the icons the server drew.
 */
export function createIconRecorder(lookup: (fullName: string) => IconData | null | undefined): IconLookup & {
  used(): IconSnapshot
} {
  const used: IconSnapshot = {}
  return {
    get(fullName) {
      if (Object.hasOwn(used, fullName)) return used[fullName]
      const data = lookup(fullName)
      if (data !== undefined) used[fullName] = data
      return data
    },
    used: () => used,
  }
}
