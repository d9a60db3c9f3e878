// Which modules the entry chunk holds: everything the entry imports statically (what the bundler
// tags `$initial`), and the modules named by `alsoInEntry`, which lazy chunks of both screens
// import (as a chunk of their own they were one more file on every first load).
//
// One group with a name function, because two groups, even with the same name, make two chunks,
// and a group's `tags` and `test` must both match, so `$initial` cannot be or-ed with a test.
import type { ChunkingContext, ModuleInfo } from 'rolldown'

export function entryChunkName(alsoInEntry: RegExp) {
  // ModuleInfo objects are reused within one chunking pass, so each build keeps its own answers.
  const answers = new WeakMap<ModuleInfo, boolean>()
  /**
   * Is an entry among the module's static importers, their static importers, and so on? A "no"
   * holds for every module walked (their importers were all walked too), so it is kept for each:
   * the modules only lazy code reaches are walked once, not once per module below them.
   */
  function staticallyReached(start: ModuleInfo, ctx: ChunkingContext): boolean {
    const seen = new Set<string>([start.id])
    const queue = [start]
    const walked: ModuleInfo[] = []
    for (let info = queue.shift(); info; info = queue.shift()) {
      const known = answers.get(info)
      if (info.isEntry || known === true) return true
      if (known === false) continue
      walked.push(info)
      for (const importer of info.importers) {
        const importerInfo = ctx.getModuleInfo(importer)
        if (importerInfo && !seen.has(importer)) {
          seen.add(importer)
          queue.push(importerInfo)
        }
      }
    }
    for (const info of walked) answers.set(info, false)
    return false
  }
  return (id: string, ctx: ChunkingContext): string | null => {
    if (alsoInEntry.test(id)) return 'index'
    const info = ctx.getModuleInfo(id)
    if (!info) return null
    let answer = answers.get(info)
    if (answer === undefined) answers.set(info, (answer = staticallyReached(info, ctx)))
    return answer ? 'index' : null
  }
}
