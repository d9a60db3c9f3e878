// An HTML artifact as the document of the sandbox's nested frame: the page as written, with a
// first script that reports its uncaught errors to the sandbox page (which forwards them to the
// app with the render's id) and the colour scheme of the app's theme.

export const CHILD_ERROR = 'artifact:child-error'

const REPORTER = `<script>(function(){function r(e){try{parent.postMessage({type:${JSON.stringify(CHILD_ERROR)},message:String(e&&e.stack?(e.name+': '+e.message):e)},'*')}catch(_){}}
addEventListener('error',function(e){r(e.error||e.message)});addEventListener('unhandledrejection',function(e){r(e.reason)})})()</script>`

const DOCTYPE = /^\s*<!doctype[^>]*>/i

export function htmlDocument(content: string, theme: 'light' | 'dark'): string {
  const head = `<meta charset="utf-8"><meta name="color-scheme" content="${theme}">${REPORTER}`
  // After the doctype, so a page that declares one stays in standards mode.
  const doctype = DOCTYPE.exec(content)
  return doctype ? doctype[0] + head + content.slice(doctype[0].length) : `<!doctype html>${head}${content}`
}
