import { signedMediaUrl } from './web-session.js';

// Kept apart from api.ts: a component can import it without loading the API client (which connects on import in a
// browser), as with any other plain helper.
/**
 * Where the browser downloads a file the backend wrote into the workspace's exports/ folder (a run bundle), or null in
 * the desktop window, where that folder is on this computer already.
 */
export function exportDownloadUrl(file: string): string | null {
  if (window.elderbenchPlatform) return null;
  const name = file.split(/[\\/]/).pop() ?? '';
  return name === '' ? null : signedMediaUrl('export', name);
}
