// A minimal browser over Node's fetch: follows redirects one hop at a time and keeps cookies per
// origin, so a test can walk an OAuth round trip across two real servers and stop where it likes.
import { BROWSER_UA } from './build-app.ts'

export class FetchBrowser {
  private readonly jars = new Map<string, Map<string, string>>()

  cookieHeader(url: URL): string {
    const jar = this.jars.get(url.origin)
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : ''
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name)
  }

  setCookie(origin: string, name: string, value: string) {
    if (!this.jars.has(origin)) this.jars.set(origin, new Map())
    this.jars.get(origin)!.set(name, value)
  }

  /** One request, no redirect following; stores the cookies it sets. */
  async get(url: URL): Promise<Response> {
    const cookie = this.cookieHeader(url)
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { 'user-agent': BROWSER_UA, accept: 'text/html', ...(cookie ? { cookie } : {}) },
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const name = pair!.slice(0, pair!.indexOf('=')).trim()
      const value = pair!.slice(pair!.indexOf('=') + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()))
      if (expired || value === '') this.jars.get(url.origin)?.delete(name)
      else this.setCookie(url.origin, name, value)
    }
    return res
  }

  /**
   * Follows redirects from `start` until `stop(url)` says to stop before requesting that URL, or
   * a response is not a redirect. Returns the URL it stopped at and the redirect chain.
   */
  async follow(start: URL, stop: (url: URL) => boolean, maxHops = 20): Promise<{ url: URL; chain: URL[]; response?: Response }> {
    const chain: URL[] = []
    let url = start
    for (let hop = 0; hop < maxHops; hop++) {
      if (stop(url)) return { url, chain }
      chain.push(url)
      const response = await this.get(url)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return { url, chain, response }
      await response.body?.cancel()
      url = new URL(location, url)
    }
    throw new Error(`too many redirects from ${start}`)
  }
}
