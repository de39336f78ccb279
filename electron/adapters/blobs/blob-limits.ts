/**
 * How big each kind of stored file may be, on disk and decoded. A graph file or a shared
 * workspace comes from someone else, and its blobs are decoded long after they were imported
 * (an offline run, a report): every decoder stops at its kind's limit instead of trusting the
 * bytes. The limits sit far above what a phone produces: a UI dump is 20–500 KiB of XML, a
 * screenshot 1–5 megapixels.
 */
export const BLOB_LIMITS = {
  /** Any blob file, as stored (compressed screenshots and dumps are a few MiB at most). */
  fileBytes: 64 * 1024 * 1024,
  /** A UI dump, inflated. */
  uiDumpBytes: 32 * 1024 * 1024,
  /** A screenshot or thumbnail, decoded (width × height); 40 MP is a 6000 × 6600 screen. */
  imagePixels: 40_000_000,
} as const;

const MIB = 1024 * 1024;
export const mib = (bytes: number): string => `${Math.round(bytes / MIB)} MiB`;
