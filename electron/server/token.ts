import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The session cookie's name carries the port: cookies ignore ports, so two ElderBench
 * servers (or a restarted one on another port) on 127.0.0.1 would otherwise overwrite
 * each other's cookie in the same browser.
 */
export const tokenCookieName = (port: number): string => `eb_token_${port}`;

export const newToken = (): string => randomBytes(24).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type TokenSource = 'bearer' | 'cookie' | 'url';

/**
 * The token a request presents and where it came from: `Authorization: Bearer` (programs),
 * the session cookie (the browser page), or `?token=` — the last only when the caller says
 * this request is the page load that swaps it for the cookie, so a token never
 * authenticates an API call, a blob or the event socket from a URL (URLs end up in
 * history, logs and Referer headers).
 */
export function presentedToken(
  req: IncomingMessage,
  port: number,
  url: URL,
  allowUrl: boolean,
): { token: string; source: TokenSource } | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return { token: auth.slice(7).trim(), source: 'bearer' };
  const name = `${tokenCookieName(port)}=`;
  const cookie = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(name));
  if (cookie) {
    try {
      return { token: decodeURIComponent(cookie.slice(name.length)), source: 'cookie' };
    } catch {
      return null;
    }
  }
  const fromUrl = allowUrl ? url.searchParams.get('token') : null;
  return fromUrl === null ? null : { token: fromUrl, source: 'url' };
}

export function tokenMatches(presented: { token: string } | null, expected: string): boolean {
  return presented !== null && safeEqual(presented.token, expected);
}
