// A toast type is foreground or background, an action needs an alternative text, the
// provider label must not be empty. Anything else is reported (in development) and replaced by a
// safe value; the limit keeps the 5 newest open toasts (docs/product-contract.md).
import t from 'tap'
import {
  resolveToastAction,
  resolveToastDuration,
  resolveToasterLabel,
  resolveToastType,
  toastsOverLimit,
} from '../../client/lib/toast.ts'
import { TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE } from '../../shared/constants.ts'

function reporter() {
  const messages: string[] = []
  return { messages, report: (message: string) => void messages.push(message) }
}

t.test('type: foreground and background pass; anything else is reported and becomes foreground', async (t) => {
  const { messages, report } = reporter()
  t.equal(resolveToastType('background', report), 'background')
  t.equal(resolveToastType('foreground', report), 'foreground')
  t.equal(resolveToastType(undefined, report), 'foreground', 'default')
  t.same(messages, [])
  t.equal(resolveToastType('urgent', report), 'foreground')
  t.equal(resolveToastType(1, report), 'foreground')
  t.equal(messages.length, 2)
  t.match(messages[0], /type must be 'foreground' or 'background'/)
})

t.test('action: an action without altText is reported and falls back to its label', async (t) => {
  const { messages, report } = reporter()
  const onClick = () => {}
  t.same(resolveToastAction({ label: 'Undo', altText: 'Use the history menu', onClick }, report), {
    label: 'Undo',
    altText: 'Use the history menu',
    onClick,
  })
  t.equal(resolveToastAction(undefined, report), undefined)
  t.same(messages, [])
  t.equal(resolveToastAction({ label: 'Undo', altText: ' ', onClick }, report)?.altText, 'Undo')
  t.equal(resolveToastAction({ label: 'Retry', onClick } as never, report)?.altText, 'Retry')
  t.equal(messages.length, 2)
  t.match(messages[0], /needs an altText/)
})

t.test('label: an empty provider label is reported and replaced', async (t) => {
  const { messages, report } = reporter()
  t.equal(resolveToasterLabel('Alerts', report), 'Alerts')
  t.same(messages, [])
  t.equal(resolveToasterLabel('', report), 'Notifications')
  t.equal(resolveToasterLabel('   ', report), 'Notifications')
  t.equal(messages.length, 2)
})

t.test('duration: 5000 ms by default, Infinity allowed, nonsense reported', async (t) => {
  const { messages, report } = reporter()
  t.equal(resolveToastDuration(undefined, report), TOAST_DEFAULT_DURATION_MS)
  t.equal(resolveToastDuration(Infinity, report), Infinity)
  t.equal(resolveToastDuration(1500, report), 1500)
  t.same(messages, [])
  t.equal(resolveToastDuration(0, report), TOAST_DEFAULT_DURATION_MS)
  t.equal(resolveToastDuration(-1, report), TOAST_DEFAULT_DURATION_MS)
  t.equal(resolveToastDuration(Number.NaN, report), TOAST_DEFAULT_DURATION_MS)
  t.equal(messages.length, 3)
})

t.test('limit: beyond 5 open toasts the oldest are dropped; closing ones do not count', async (t) => {
  // The store keeps the newest first.
  const toasts = [6, 5, 4, 3, 2, 1].map((n) => ({ id: String(n), dismissed: false }))
  t.same(toastsOverLimit(toasts, TOAST_MAX_VISIBLE), ['1'])
  t.same(toastsOverLimit(toasts.slice(1), TOAST_MAX_VISIBLE), [])
  const withClosing = [{ id: '7', dismissed: false }, { id: 'x', dismissed: true }, ...toasts.slice(1)]
  t.same(toastsOverLimit(withClosing, TOAST_MAX_VISIBLE), ['1'])
})
