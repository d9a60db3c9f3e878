// The shell's stylesheet covers the modules the entry and the home page import statically: the
// build follows import statements (scripts/build/shell-styles.ts). A module it misses would be drawn
// without its rules until the whole sheet loads; one it follows needlessly costs first-load bytes.
import t from 'tap'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { shellRoots, staticImportClosure } from '../../scripts/build/shell-styles.ts'

t.test('follows static imports and re-exports to the end; not import(), not type-only imports', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'shell-styles-'))
  mkdirSync(join(root, 'parts'))
  const files: Record<string, string> = {
    'entry.tsx': [
      "import { a } from './a.ts'",
      "import {\n  b,\n  type B,\n} from './b.tsx'",
      "import './side-effect.ts'",
      "export { c } from './parts/c.tsx'",
      "export * from './parts'",
      "import type { Later } from './typed.tsx'",
      "export type { Other } from './other-type.ts'",
      "import React from 'react'",
      "import './styles.css'",
      "const Lazy = () => import('./lazy.tsx')",
    ].join('\n'),
    'a.ts': "import { deep } from './deep.ts'\nexport const a = deep",
    'deep.ts': "export const deep = 'text-red-500'",
    'b.tsx': 'export const b = 1; export type B = number',
    'side-effect.ts': '',
    'parts/c.tsx': "import { a } from '../a.ts'\nexport const c = a",
    'parts/index.ts': 'export const d = 1',
    'typed.tsx': 'export type Later = string',
    'other-type.ts': 'export type Other = string',
    'lazy.tsx': "export default 'bg-blue-500'",
    'styles.css': '',
  }
  for (const [file, source] of Object.entries(files)) writeFileSync(join(root, file), source)
  const found = staticImportClosure([join(root, 'entry.tsx')]).map((file) => file.slice(root.length + 1))
  t.same(found, ['a.ts', 'b.tsx', 'deep.ts', 'entry.tsx', 'parts/c.tsx', 'parts/index.ts', 'side-effect.ts'])
})

t.test("the app's shell reaches its layout and the home page's composer, not the chat screen's code", async (t) => {
  const found = staticImportClosure(shellRoots(process.cwd())).map((file) => file.slice(process.cwd().length + 1))
  for (const file of ['client/mount.tsx', 'client/pages/home.tsx', 'client/components/layout/app-sidebar.tsx', 'client/components/chat/prompt-box.tsx', 'client/components/history/chat-history-content.tsx', 'client/components/history/chat-history-rows.tsx']) {
    t.ok(found.includes(file), file)
  }
  for (const file of ['client/pages/chat.tsx', 'client/components/chat/markdown.tsx', 'client/components/ui/toast-items.tsx', 'client/components/chat/attachments/composer-files.tsx']) {
    t.notOk(found.includes(file), `not ${file}`)
  }
})
