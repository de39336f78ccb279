import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/** What a signed URL serves: a stored blob, a mirror frame, or a file written into the workspace's exports/ folder. */
export type MediaKind = 'blob' | 'frame' | 'export';

/**
 * Web mode's image and download URLs (`/blobs/<id>?s=…`, `/frames/<id>?s=…`, `/exports/<file>?s=…`): an `<img>` or a
 * download link cannot send a header,
 * so the page signs each URL with the media key it got with its session, and the server checks
 * the same signature. Part of the web transport's contract, computed by both ends with this one
 * function: HMAC-SHA256 of `kind/id`, hex, first 32 characters.
 */
export function mediaSignature(key: string, kind: MediaKind, id: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(`${kind}/${id}`))).slice(0, 32);
}
