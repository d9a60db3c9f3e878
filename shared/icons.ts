// Iconify JSON, the format of `@iconify-json/*` packages, of the public icon service and of our
// `/api/_nuxt_icon/{collection}.json` endpoint (SPEC §7), plus the pure helpers both sides need:
// picking requested icons out of a set, resolving aliases and drawing an icon as SVG.
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

/** Iconify's defaults when neither the icon nor its set says otherwise. */
const DEFAULT_SIZE = 16
/** Iconify stops following aliases after a few hops; a longer chain is treated as broken. */
const MAX_ALIAS_DEPTH = 8
const DIMENSIONS = ['left', 'top', 'width', 'height'] as const

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

/**
 * The chain from `name` to the icon it finally names: `[name, parent, …]`, the last entry being a
 * real icon. Null when the name is unknown, or the chain is broken, loops or is too long.
 * Own-property checks only: a name such as `constructor` must not find Object.prototype.
 */
function aliasChain(set: IconifyJSON, name: string): string[] | null {
  const chain: string[] = []
  let current = name
  while (chain.length <= MAX_ALIAS_DEPTH) {
    if (chain.includes(current)) return null
    chain.push(current)
    if (Object.hasOwn(set.icons, current)) return chain
    const alias = set.aliases && Object.hasOwn(set.aliases, current) ? set.aliases[current] : undefined
    if (!alias || typeof alias.parent !== 'string') return null
    current = alias.parent
  }
  return null
}

/**
 * The part of `set` that answers a request for `names`, the way Iconify's API answers: the icons
 * asked for, each alias asked for together with every icon or alias it leads to, the set's default
 * dimensions, and `not_found` for names it does not have.
 */
export function pickIcons(set: IconifyJSON, names: readonly string[]): IconifyJSON {
  const result: IconifyJSON = { prefix: set.prefix, icons: {} }
  const aliases: Record<string, IconifyAlias> = {}
  const notFound: string[] = []
  for (const name of names) {
    const chain = aliasChain(set, name)
    if (!chain) {
      if (!notFound.includes(name)) notFound.push(name)
      continue
    }
    const iconName = chain[chain.length - 1]!
    result.icons[iconName] = set.icons[iconName]!
    for (const aliasName of chain.slice(0, -1)) aliases[aliasName] = set.aliases![aliasName]!
  }
  if (Object.keys(aliases).length > 0) result.aliases = aliases
  for (const key of DIMENSIONS) if (set[key] !== undefined) result[key] = set[key]
  if (set.lastModified !== undefined) result.lastModified = set.lastModified
  if (notFound.length > 0) result.not_found = notFound
  return result
}

/**
 * `name` from `set`, aliases followed: an alias's own dimensions win over its parent's, rotations
 * add up and flips cancel out (Iconify's merge rules); the set's defaults fill the gaps.
 */
export function resolveIcon(set: IconifyJSON, name: string): IconData | null {
  const chain = aliasChain(set, name)
  if (!chain) return null
  const icon = set.icons[chain[chain.length - 1]!]!
  const merged: IconifyIcon = { ...icon }
  // From the alias closest to the icon outwards, so the requested name's properties win.
  for (let index = chain.length - 2; index >= 0; index--) {
    const alias = set.aliases![chain[index]!]!
    for (const key of DIMENSIONS) if (alias[key] !== undefined) merged[key] = alias[key]
    merged.rotate = ((merged.rotate ?? 0) + (alias.rotate ?? 0)) % 4
    merged.hFlip = Boolean(merged.hFlip) !== Boolean(alias.hFlip)
    merged.vFlip = Boolean(merged.vFlip) !== Boolean(alias.vFlip)
  }
  return {
    body: merged.body,
    left: merged.left ?? set.left ?? 0,
    top: merged.top ?? set.top ?? 0,
    width: merged.width ?? set.width ?? DEFAULT_SIZE,
    height: merged.height ?? set.height ?? DEFAULT_SIZE,
    rotate: merged.rotate ?? 0,
    hFlip: merged.hFlip ?? false,
    vFlip: merged.vFlip ?? false,
  }
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
