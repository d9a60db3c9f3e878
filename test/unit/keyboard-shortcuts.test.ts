// ⌘K / Ctrl+K is search, ⌘⇧O / Ctrl+Shift+O a new chat, with either modifier on any platform;
// other combinations (Alt, Shift+K, plain letters, keys while an IME composes) are left to the page.
import t from 'tap'
import { shortcutLabel, shortcutOf, type KeyLike } from '../../client/lib/shortcuts.ts'

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...mods })

t.test('search and new chat, with Ctrl or Meta', async (t) => {
  t.equal(shortcutOf(key('k', { ctrlKey: true })), 'search')
  t.equal(shortcutOf(key('k', { metaKey: true })), 'search')
  t.equal(shortcutOf(key('K', { ctrlKey: true })), 'search', 'Caps Lock on')
  t.equal(shortcutOf(key('O', { ctrlKey: true, shiftKey: true })), 'new-chat')
  t.equal(shortcutOf(key('o', { metaKey: true, shiftKey: true })), 'new-chat')
})

t.test('everything else is not ours', async (t) => {
  t.equal(shortcutOf(key('k')), null, 'typing k')
  t.equal(shortcutOf(key('k', { ctrlKey: true, shiftKey: true })), null)
  t.equal(shortcutOf(key('k', { ctrlKey: true, altKey: true })), null)
  t.equal(shortcutOf(key('o', { ctrlKey: true })), null, 'Ctrl+O (open file) stays the browser’s')
  t.equal(shortcutOf(key('k', { ctrlKey: true, isComposing: true })), null)
})

t.test('labels per platform', async (t) => {
  t.equal(shortcutLabel('search', true), '⌘K')
  t.equal(shortcutLabel('new-chat', true), '⌘⇧O')
  t.equal(shortcutLabel('search', false), 'Ctrl+K')
  t.equal(shortcutLabel('new-chat', false), 'Ctrl+Shift+O')
})
