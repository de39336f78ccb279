import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { MediaKind } from '../../shared/api/media-signature.js';
import { mediaSignature } from '../../shared/api/media-signature.js';
import type { IncomingMessage } from 'node:http';

export const newToken = (): string => randomBytes(24).toString('base64url');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Who is calling: the program that started the server (its owner), or a browser page with a session. */
export type Caller = 'owner' | 'page';

/** How long a printed link stays usable if nobody opens it. */
export const LAUNCH_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Web mode's credentials. Nothing is ambient: no cookie (a browser sends cookies to every server
 * on 127.0.0.1, whatever its port, so any local server could read one), only values a request
 * carries on purpose.
 *
 * - The owner token: printed only in `serve --json`'s ready line, for the program that started the
 *   server (the desktop shell, a script, a test). It alone may send a confirmation (see CallContext).
 * - Launch links (`/?token=…`): single-use and expiring. Opening one gives the page a session
 *   token of its own inside the page (a meta tag it reads and removes, then keeps in
 *   sessionStorage, which is per origin — port included — and never sent by the browser on its own);
 *   the page sends it as a Bearer header, and as the first message of the event socket.
 * - Image URLs (`/blobs/<id>?s=…`, `/frames/<id>?s=…`): an `<img>` cannot send a header, so each
 *   carries a signature of its own id (HMAC with a key the page got with its session): a leaked
 *   URL shows that one image, never the API.
 */
export class WebAuth {
  readonly ownerToken: string;
  /** The key pages sign image URLs with (sent to each page with its session). */
  readonly mediaKey = randomBytes(32).toString('base64url');
  private readonly launchLinks = new Map<string, number>();
  private readonly sessions = new Set<string>();

  constructor(
    ownerToken: string = newToken(),
    private readonly now: () => number = Date.now,
  ) {
    this.ownerToken = ownerToken;
  }

  /** A new single-use launch code (the `token` of a link to open the page once). */
  newLaunchCode(): string {
    const code = newToken();
    this.launchLinks.set(code, this.now() + LAUNCH_LINK_TTL_MS);
    return code;
  }

  /** Uses up a launch code; returns the new page session's token, or null for a used, expired or unknown code. */
  consumeLaunchCode(code: string): string | null {
    for (const [c, expires] of this.launchLinks) {
      if (expires < this.now()) this.launchLinks.delete(c);
    }
    const match = [...this.launchLinks.keys()].find((c) => safeEqual(c, code));
    if (match === undefined) return null;
    this.launchLinks.delete(match);
    const session = newToken();
    this.sessions.add(session);
    return session;
  }

  /** Who presents this token, or null. */
  callerOf(token: string | null | undefined): Caller | null {
    if (!token) return null;
    if (safeEqual(token, this.ownerToken)) return 'owner';
    for (const s of this.sessions) if (safeEqual(s, token)) return 'page';
    return null;
  }

  /** Who sent this request, from its `Authorization: Bearer` header only (never a cookie, never the URL). */
  callerOfRequest(req: IncomingMessage): Caller | null {
    const auth = req.headers.authorization;
    return auth?.startsWith('Bearer ') ? this.callerOf(auth.slice(7).trim()) : null;
  }

  /** The signature of an image URL: `kind` is `blob` or `frame`. */
  mediaSignature(kind: MediaKind, id: string): string {
    return mediaSignature(this.mediaKey, kind, id);
  }

  mediaSignatureMatches(kind: MediaKind, id: string, signature: string | null): boolean {
    return signature !== null && safeEqual(signature, this.mediaSignature(kind, id));
  }
}
