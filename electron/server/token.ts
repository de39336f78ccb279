import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'eb_token';

export const newToken = (): string => randomBytes(24).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token a request presents: `Authorization: Bearer`, the session cookie, or `?token=` (first page load). */
export function presentedToken(req: IncomingMessage, url: URL): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const cookie = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${TOKEN_COOKIE}=`));
  if (cookie) return decodeURIComponent(cookie.slice(TOKEN_COOKIE.length + 1));
  return url.searchParams.get('token');
}

export function tokenMatches(presented: string | null, expected: string): boolean {
  return presented !== null && safeEqual(presented, expected);
}
