import type { IncomingMessage } from 'node:http';

/** A request target we can route: the URL and its path decoded once; null means "answer 400". */
export function parseTarget(req: IncomingMessage): { url: URL; path: string } | null {
  const target = req.url ?? '/';
  if (!target.startsWith('/')) return null; // absolute-form or garbage
  let url: URL;
  try {
    // A fixed base, never the target itself as an authority: `//evil.com/x` stays a path.
    url = new URL(`http://local${target}`);
  } catch {
    return null;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null; // a malformed % escape
  }
  if (path.includes('\0')) return null;
  return { url, path };
}

/**
 * Where to send the browser after swapping a URL token for the cookie: the same page, as a
 * path on this server. Leading slashes and backslashes are collapsed, because a Location of
 * `//evil.com/` or `/\evil.com` is another site to a browser (an open redirect).
 */
export function sameServerLocation(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('token');
  const query = params.toString();
  return `/${url.pathname.replace(/^[/\\]+/, '')}${query ? `?${query}` : ''}`;
}

/** `application/json`, with any parameters (charset); anything else is refused for API calls. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Is this state-changing request from our own page? Cookies ignore ports, so a page served by
 * any other local process (a dev server, a notebook) sends our cookie along; the browser's
 * `Origin` (or, without one, `Sec-Fetch-Site`) says where the request really came from. A
 * request with neither header is not from a browser, and is accepted only with a bearer token,
 * which a foreign page cannot know.
 */
export function isSameOriginRequest(req: IncomingMessage, viaBearer: boolean): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === `http://${req.headers.host}`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return viaBearer;
}
