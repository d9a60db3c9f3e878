// Stands in for zod's English error texts (zod/v4/locales/en.js) in the browser bundle only
// (scripts/build/zod-locale.ts): the browser validates the answer stream's chunks with zod, and a
// chunk that fails is the server's bug, reported as "The answer failed" whatever zod's wording.
// Saves ~0.85 KB gzip on the chat screen's first load. The server keeps zod's full texts (tool
// input errors go back to the model), since it is not built by Vite.
export default function english() {
  return { localeError: () => 'Invalid input' }
}
