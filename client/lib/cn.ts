import { extendTailwindMerge } from 'tailwind-merge'

/** Class-merge cache size (docs/product-contract.md). */
export const CLASS_MERGE_CACHE_SIZE = 500

const merge = extendTailwindMerge({ cacheSize: CLASS_MERGE_CACHE_SIZE })

/**
 * Joins class names, letting later Tailwind utilities override earlier conflicting ones: for a
 * component's defaults plus its caller's `className`. Class lists a component owns entirely use
 * cx() (cx.ts), which keeps tailwind-merge out of the first load.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return merge(classes.filter(Boolean).join(' '))
}
