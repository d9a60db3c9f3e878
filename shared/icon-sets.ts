// Reading Iconify JSON sets: picking the icons a request asks for, resolving an alias to an icon
// ready to draw. The server's icon store and the browser's icon fetching (a lazy chunk) use it.
import type { IconData, IconifyAlias, IconifyIcon, IconifyJSON } from './icons.ts'

/** Iconify's defaults when neither the icon nor its set says otherwise. */
const DEFAULT_SIZE = 16
/** Iconify stops following aliases after a few hops; a longer chain is treated as broken. */
const MAX_ALIAS_DEPTH = 8
const DIMENSIONS = ['left', 'top', 'width', 'height'] as const

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

