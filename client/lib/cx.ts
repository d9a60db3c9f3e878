// Joins class names, nothing more. For the class lists a component owns (the app shell's, drawn on
// every first paint): written so that no two of them ever conflict, they need no tailwind-merge,
// which then loads only with the code that merges a caller's className (cn.ts) instead of with
// every page. test/unit/class-lists.test.ts checks that cn() would give the same result.
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ')
}
