// The entry chunk's members (scripts/build/entry-chunk.ts): what the entry reaches by static
// imports, through cycles too, and the named extra modules; never what only lazy code reaches.
import t from 'tap'
import type { ChunkingContext } from 'rolldown'
import { entryChunkName } from '../../scripts/build/entry-chunk.ts'

/** A module graph: id → its static importers; `entry` is the entry. */
function graph(importers: Record<string, string[]>): ChunkingContext {
  const infos = new Map(Object.entries(importers).map(([id, from]) => [id, { id, isEntry: id === 'entry', importers: from, dynamicImporters: [] }]))
  return { getModuleInfo: (id: string) => (infos.get(id) as never) ?? null }
}

t.test('statically reached modules and the named ones go to the entry; lazy-only ones do not', async (t) => {
  const ctx = graph({
    entry: [],
    shell: ['entry'],
    // A cycle reached from the entry, and one that only lazy code reaches.
    a: ['shell', 'b'],
    b: ['a'],
    lazyPage: [],
    c: ['lazyPage', 'd'],
    d: ['c'],
    '/app/client/components/chat/prompt-box.tsx': ['lazyPage'],
  })
  const name = entryChunkName(/prompt-box\.tsx$/)
  t.same(
    ['entry', 'shell', 'a', 'b', 'lazyPage', 'c', 'd', '/app/client/components/chat/prompt-box.tsx'].map((id) => name(id, ctx)),
    ['index', 'index', 'index', 'index', null, null, null, 'index'],
  )
  // Asked again (answers remembered) and in another order: the same.
  t.same(['d', 'b', 'c', 'a'].map((id) => name(id, ctx)), [null, 'index', null, 'index'])
})
