import type { ElderBenchApi } from '../../../shared/api/index.js';
import { createWebClient } from './web-client.js';
import { signedMediaUrl, webSession } from './web-session.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in web mode. */
    elderbench?: ElderBenchApi;
    elderbenchPlatform?: { transport: 'electron'; blobUrl(id: string): string; frameUrl(id: string): string };
  }
}

// In a browser, the session is taken from the page (and the used link out of the address bar) at once.
if (!window.elderbench) webSession();

/** The same typed API in both hosts: the preload's bridge in Electron, HTTP/WebSocket in a browser. */
export const api: ElderBenchApi = window.elderbench ?? createWebClient();

export const transport: 'electron' | 'web' = window.elderbench ? 'electron' : 'web';

/** Images are fetched by blob id, never pushed as base64 through the API. */
export function blobUrl(id: string): string {
  return window.elderbenchPlatform?.blobUrl(id) ?? signedMediaUrl('blob', id);
}

/** A mirror frame by id (kept briefly in the backend's memory). */
export function frameUrl(id: string): string {
  return window.elderbenchPlatform?.frameUrl(id) ?? signedMediaUrl('frame', id);
}
