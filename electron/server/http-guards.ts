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

/** `application/json`, with any parameters (charset); anything else is refused for API calls. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/**
 * Is this state-changing request from our own page? Every call carries a Bearer token (no
 * cookie exists), so this is a second wall: even with a token, a page on another origin is
 * refused by its browser's own `Origin` (or, without one, `Sec-Fetch-Site`). A request with
 * neither header is not from a browser, and is accepted with a bearer token.
 */
export function isSameOriginRequest(req: IncomingMessage, viaBearer: boolean): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === `http://${req.headers.host}`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return viaBearer;
}
