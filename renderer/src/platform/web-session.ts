import type { MediaKind } from '../../../shared/api/media-signature.js';
import { mediaSignature } from '../../../shared/api/media-signature.js';

/**
 * Web mode's credential, kept inside the page. The server puts the page's session token (and the
 * key that signs image URLs) in two meta tags of the page a launch link opened; they are read
 * once, removed, and kept in sessionStorage — per origin, port included, never sent anywhere by
 * the browser on its own — so a reload keeps working and no other local server can ever read it
 * (a cookie would be sent to every server on 127.0.0.1). The used link is taken out of the
 * address bar and history. The server side is electron/server/token.ts.
 */
export interface WebSession {
  token: string;
  mediaKey: string;
}

const STORAGE_KEY = 'elderbench.session';

function fromMeta(): WebSession | null {
  const token = document.querySelector<HTMLMetaElement>('meta[name="elderbench-session"]');
  const media = document.querySelector<HTMLMetaElement>('meta[name="elderbench-media-key"]');
  if (!token || !media) return null;
  const session = { token: token.content, mediaKey: media.content };
  token.remove();
  media.remove();
  return session;
}

function stored(): WebSession | null {
  try {
    const v = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<WebSession> | null;
    return typeof v?.token === 'string' && typeof v.mediaKey === 'string' ? { token: v.token, mediaKey: v.mediaKey } : null;
  } catch {
    return null;
  }
}

let current: WebSession | null | undefined;

/** The page's session (null: opened without a link, or the tab's storage was cleared). */
export function webSession(): WebSession | null {
  if (current !== undefined) return current;
  const fresh = fromMeta();
  if (fresh) {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
    const url = new URL(window.location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }
  current = fresh ?? stored();
  return current;
}

const FOLDER: Record<MediaKind, string> = { blob: 'blobs', frame: 'frames', export: 'exports' };

/** A URL the page can put in `<img src>` or a download link (neither can carry a header). */
export function signedMediaUrl(kind: MediaKind, id: string): string {
  const session = webSession();
  const path = `/${FOLDER[kind]}/${id}`;
  return session ? `${path}?s=${mediaSignature(session.mediaKey, kind, id)}` : path;
}
