// The browser build's stand-in for zod (client/lib/zod-browser-stub.ts) as the AI SDK sees it: its
// schemas take the standard-schema path and accept a value unchanged, whichever builder made them
// and whatever was chained; zod's functional parse API does the same. Should the SDK change how it
// recognises schemas, this fails before a browser would.
import t from 'tap'
import { asSchema, safeParseJSON, safeValidateTypes } from '@ai-sdk/provider-utils'
import * as stub from '../../client/lib/zod-browser-stub.ts'

t.test('schemas built with the stand-in accept their input unchanged', async (t) => {
  const chunk = { type: 'text-delta', id: 't1', delta: 'Hello', extra: { kept: true } }
  const schemas = [
    stub.object({}),
    stub.strictObject({}),
    stub.discriminatedUnion('type', []).optional(),
    stub.z.object({ type: stub.literal('x') }).extend({}).nullish(),
    stub.pipe(stub.string(), stub.transform(() => 'changed')),
    stub.lazy(() => stub.union([])),
  ]
  for (const schema of schemas) {
    t.same(await safeValidateTypes({ value: chunk, schema: schema as never }), { success: true, value: chunk, rawValue: chunk })
    t.same(await asSchema(schema as never).validate!(chunk), { success: true, value: chunk })
  }
  t.same(await safeParseJSON({ text: JSON.stringify(chunk), schema: stub.object({}) as never }), { success: true, value: chunk, rawValue: chunk })
  t.same(stub.safeParse(stub.object({}), chunk), { success: true, data: chunk })
  t.same(await stub.safeParseAsync(stub.object({}), chunk), { success: true, data: chunk })
  t.equal(await Promise.resolve(stub.object({})), stub.object({}), 'not a promise: awaiting a schema gives the schema')
  t.same(stub.default().localeError(), 'Invalid input')
})
