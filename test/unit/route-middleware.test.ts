// Naming a route middleware that does not exist throws an error naming it and the valid
// ones (at definition time, so it cannot be silently ignored); middleware can redirect or raise.
import t from 'tap'
import { defineRouter, router } from '../../shared/routes.ts'
import { AppError } from '../../shared/errors.ts'
import { routeMiddleware, UnknownMiddlewareError } from '../../shared/route-middleware.ts'

t.test('an unknown middleware name throws, naming it and the valid ones', async (t) => {
  t.throws(
    () => defineRouter([{ name: 'settings', path: '/settings', middleware: ['signed-in', 'admin-only'] }]),
    { name: 'UnknownMiddlewareError', message: "Unknown route middleware 'admin-only' on route 'settings'. Valid middleware: 'signed-in', 'guest-only'" },
  )
  t.throws(() => defineRouter([{ name: 'x', path: '/x', middleware: ['nope'] }], {}), /Valid middleware: \(none\)/)
})

t.test('the app router only names middleware that exists', async (t) => {
  for (const route of router.routes) {
    for (const name of route.middleware ?? []) t.ok(Object.hasOwn(routeMiddleware, name), `${route.name}: ${name}`)
  }
})

t.test('middleware can redirect', async (t) => {
  const guarded = defineRouter([{ name: 'settings', path: '/settings', middleware: ['signed-in'] }])
  t.same(guarded.resolve('/settings', { user: undefined }), { kind: 'redirect', location: '/' })
  t.match(guarded.resolve('/settings', { user: { id: 'u1' } }), { kind: 'page', match: { route: { name: 'settings' } } })
})

t.test('middleware can raise an error, and runs after param validation', async (t) => {
  const calls: string[] = []
  const guarded = defineRouter(
    [{ name: 'item', path: '/item/:id', params: { id: /^\d+$/ }, middleware: ['forbid-7'] }],
    {
      'forbid-7': ({ params }) => {
        calls.push(params.id!)
        if (params.id === '7') throw new AppError(403, 'FORBIDDEN', 'Item 7 is not yours')
      },
    },
  )
  t.throws(() => guarded.resolve('/item/7', { user: undefined }), { statusCode: 403, message: 'Item 7 is not yours' })
  t.match(guarded.resolve('/item/abc', { user: undefined }), { kind: 'error', error: { statusCode: 404, fatal: true } })
  t.same(calls, ['7'], 'middleware did not run for an invalid param')
})

t.test('UnknownMiddlewareError is an AppError so it reaches the error page as a 500', async (t) => {
  t.ok(new UnknownMiddlewareError('a', 'b', []) instanceof AppError)
})
