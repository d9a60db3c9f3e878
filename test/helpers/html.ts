// Small readers for server-rendered HTML, so assertions name what a user sees.

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1]
}

export function metaContent(html: string, attribute: 'name' | 'property', key: string): string[] {
  const pattern = new RegExp(`<meta ${attribute}="${key}"[^>]*content="([^"]*)"`, 'g')
  return [...html.matchAll(pattern)].map((match) => match[1]!)
}

export function appState(html: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="__APP_STATE__">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error('no __APP_STATE__ in the page')
  return JSON.parse(json)
}

/** The visible text of the app container, tags stripped. */
export function textOf(html: string): string {
  const app = /<div id="app">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? html
  return app
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
