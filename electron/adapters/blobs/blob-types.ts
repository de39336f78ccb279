/**
 * The media types a blob may have: exactly what the app itself stores (screenshots,
 * thumbnails, UI dumps, JSON) and nothing a browser would run as a page. A graph file
 * from someone else can claim any type (its checksum only catches accidents), so the
 * list is enforced on every write, and serving maps each type to a harmless one again.
 */
export const ALLOWED_BLOB_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/xml',
  'text/xml',
  'application/json',
  'application/gzip',
  'application/vnd.elderbench.uixml+gzip',
] as const;

export class BlobTypeError extends Error {
  override readonly name = 'BlobTypeError';
}

/** `Image/PNG; q=1` → `image/png`; null for anything malformed. */
export function normalizeMediaType(mediaType: string): string | null {
  const t = mediaType.split(';')[0]!.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t) ? t : null;
}

export function isAllowedMediaType(mediaType: string): boolean {
  const t = normalizeMediaType(mediaType);
  return t !== null && (ALLOWED_BLOB_MEDIA_TYPES as readonly string[]).includes(t);
}

/** The normalized type, or a BlobTypeError that lists what is accepted. */
export function requireAllowedMediaType(mediaType: string): string {
  const t = normalizeMediaType(mediaType);
  if (t === null || !(ALLOWED_BLOB_MEDIA_TYPES as readonly string[]).includes(t)) {
    throw new BlobTypeError(
      `media type ${JSON.stringify(mediaType.slice(0, 80))} is not accepted for stored files; accepted: ${ALLOWED_BLOB_MEDIA_TYPES.join(', ')}`,
    );
  }
  return t;
}

/**
 * The Content-Type a blob is served with. Images keep theirs (the window shows them);
 * XML is sent as plain text, because an XML document can carry XHTML with script; every
 * other type (including any row written before the allow-list existed) is opaque bytes.
 */
export function servedContentType(stored: string): { type: string; inline: boolean } {
  const t = normalizeMediaType(stored);
  if (t === 'image/png' || t === 'image/jpeg' || t === 'image/webp') return { type: t, inline: true };
  if (t === 'application/json') return { type: 'application/json', inline: true };
  if (t === 'application/xml' || t === 'text/xml') return { type: 'text/plain; charset=utf-8', inline: true };
  return { type: 'application/octet-stream', inline: false };
}
