import { extname, join, normalize, sep } from 'node:path';
import { rendererCsp } from '../../shared/api/csp.js';
import { mediaTypeOf } from '../../shared/media-types.js';

/**
 * The renderer is served from `app://elderbench/…`, a privileged custom scheme, instead of
 * `file://`: a file URL is the whole disk's origin (any local HTML file would share it), while
 * app://elderbench is an origin of its own whose handler answers only for the built renderer.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'elderbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** The window's CSP (shared/api/csp.ts): as web mode's, plus images by id through eb-blob:. */
export const RENDERER_CSP = rendererCsp('desktop');

/**
 * The file an app:// request may read: inside the renderer folder only (no `..`, no encoded
 * escapes, no other host), with its content type. Unknown paths get index.html (one-page app).
 * Null means "answer 404".
 */
export function resolveAppFile(url: string, rendererDir: string): { file: string; type: string } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;
  const rel = normalize(path).replace(/^([/\\])+/, '');
  const file = join(rendererDir, rel === '' ? 'index.html' : rel);
  if (!file.startsWith(rendererDir + sep)) return null;
  const ext = extname(file);
  if (!ext) return { file: join(rendererDir, 'index.html'), type: mediaTypeOf('.html') };
  return { file, type: mediaTypeOf(ext) };
}

/** Only our own renderer (app://elderbench) may call the API or be navigated to. */
export function isOwnRendererUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
  } catch {
    return false;
  }
}
