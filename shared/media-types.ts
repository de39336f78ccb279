/** Media types of the files the app serves (the renderer's build), by extension; both the window and web mode use them. */
export const STATIC_MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** The media type to serve a file with; unknown extensions are plain bytes. */
export const mediaTypeOf = (ext: string): string => STATIC_MEDIA_TYPES[ext] ?? 'application/octet-stream';
