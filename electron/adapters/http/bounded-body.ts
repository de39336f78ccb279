/**
 * Reading an HTTP reply from a server we do not control (a model endpoint, a judge, a device
 * farm): never whole and unbounded. The body is read chunk by chunk and abandoned (the stream
 * cancelled) as soon as it passes the cap, so a server answering gigabytes costs at most the cap
 * in memory; a Content-Length already over the cap is refused before reading anything.
 */
export class ReplyTooLargeError extends Error {
  override readonly name = 'ReplyTooLargeError';
  constructor(
    readonly limit: number,
    what: string,
  ) {
    super(`${what} sent more than ${describeBytes(limit)}, far more than any reply needs; the rest was not read`);
  }
}

export const describeBytes = (n: number): string =>
  n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MiB` : `${Math.round(n / 1024)} KiB`;

/** Each chunk of a reply body, stopping with ReplyTooLargeError once more than `limit` bytes arrived. */
export async function* boundedChunks(res: Response, limit: number, what: string): AsyncGenerator<Uint8Array> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new ReplyTooLargeError(limit, what);
  }
  if (!res.body) return;
  const reader = res.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > limit) throw new ReplyTooLargeError(limit, what);
      yield value;
    }
  } finally {
    // Stops the download (and frees the socket) whether we finished, passed the cap or failed.
    await reader.cancel().catch(() => undefined);
  }
}

/** The whole body as text, at most `limit` bytes of it (ReplyTooLargeError past that). */
export async function readBoundedText(res: Response, limit: number, what: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const c of boundedChunks(res, limit, what)) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

/** The start of a body for an error message: at most `limit` bytes, the rest discarded, never an exception. */
export async function readErrorText(res: Response, limit = 64 * 1024): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    if (!res.body) return '';
    const reader = res.body.getReader();
    try {
      while (total < limit) {
        const { value, done } = await reader.read();
        if (done) break;
        chunks.push(value);
        total += value.byteLength;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  } catch {
    // A broken body: whatever arrived is enough for the message.
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, limit);
}
