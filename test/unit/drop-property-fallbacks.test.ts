// The built stylesheets lose Tailwind's fallback block for browsers without @property
// (scripts/build/drop-property-fallbacks.ts); the @property rules that give the same values stay.
import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { withoutPropertyFallbacks } from '../../scripts/build/drop-property-fallbacks.ts'

t.test('the @layer properties block goes, with everything inside it; the rest stays as it was', async (t) => {
  const css =
    '/*! tailwindcss */\n@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))){*,:before{--tw-shadow:0 0 #0000}}}' +
    '@layer theme{:root{--spacing:.25rem}}.shadow{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}'
  t.equal(
    withoutPropertyFallbacks(css),
    '/*! tailwindcss */\n@layer theme{:root{--spacing:.25rem}}.shadow{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  )
  t.equal(withoutPropertyFallbacks('.a{color:red}'), '.a{color:red}', 'a sheet without the block is unchanged')
  t.throws(() => withoutPropertyFallbacks('@layer properties{@supports (x){*{--a:0}'), /does not end/, 'a cut-off block is an error, not a broken sheet')
})

t.test('the built shell and whole stylesheets have no fallback block, and keep the @property rules', async (t) => {
  const assets = readdirSync('dist/client/assets').filter((file) => /^(index|styles)-[\w-]+\.css$/.test(file))
  t.equal(assets.length, 2, 'the shell and the whole sheet')
  for (const file of assets) {
    const css = readFileSync(`dist/client/assets/${file}`, 'utf8')
    t.notMatch(css, '@layer properties', file)
    t.match(css, '@property --tw-translate-x{syntax:"*";inherits:false;initial-value:0}', file)
  }
})
