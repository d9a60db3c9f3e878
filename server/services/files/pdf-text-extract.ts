// A PDF's text, page by page, with PDF.js (Mozilla's reader; its legacy build runs on Node 20).
// Runs inside the worker of pdf-text.ts, on bytes already in our storage; the document may not
// fetch anything (no fonts, no URLs).

export interface PdfText {
  pages: string[]
}

/** The text of each page (lines joined by newlines); throws for bytes PDF.js cannot read. */
export async function extractPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfText> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 })
  const document = await task.promise
  try {
    const pages: string[] = []
    for (let number = 1; number <= Math.min(document.numPages, maxPages); number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      let text = ''
      for (const item of content.items) {
        if (!('str' in item)) continue
        text += item.str
        if (item.hasEOL) text += '\n'
      }
      pages.push(text.trim())
      page.cleanup()
    }
    return { pages }
  } finally {
    await document.destroy()
  }
}
