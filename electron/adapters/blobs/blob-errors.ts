/**
 * A stored blob that must not be used: a link where a file should be, bytes that do not hash to
 * the blob's name, or more than any blob of its kind can be. The message names the blob and its
 * file, so the user can find it; nothing is read through a link and nothing is copied onwards.
 */
export class BlobIntegrityError extends Error {
  override readonly name = 'BlobIntegrityError';
  constructor(
    readonly blobId: string,
    readonly file: string,
    why: string,
  ) {
    super(`blob ${blobId} (${file}) ${why}`);
  }
}

/** A blob whose decoded content (inflated UI dump, decoded image) would pass its kind's limit. */
export class BlobLimitError extends Error {
  override readonly name = 'BlobLimitError';
  constructor(
    readonly blobId: string | null,
    message: string,
  ) {
    super(message);
  }
}
