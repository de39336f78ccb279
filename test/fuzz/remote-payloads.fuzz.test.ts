import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobIntegrityError, BlobLimitError } from '../../electron/adapters/blobs/blob-errors.js';
import { BlobStore } from '../../electron/adapters/blobs/blob-store.js';
import { OpenAiChatClient } from '../../electron/adapters/llm/openai-client.js';
import { checkBlobContent } from '../../electron/adapters/observations/blob-content.js';
import { decodeScreenshotToPng, decodeXml } from '../../electron/adapters/observations/observation-sink.js';
import { StfClient, StfError } from '../../electron/adapters/stf/stf-client.js';
import { ModelRefusedError, ModelRequestError } from '../../electron/core/agents/model-port.js';
import { FUZZ_SCALE, fuzzParams } from './fuzz-config.js';

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** A small cap, so that an oversized reply is cheap to make and still crosses it. */
const CAP = 64 * 1024;

/** Bytes with random edits: a damaged transfer, a crafted file. */
const mutate = (bytes: Buffer) =>
  fc.array(fc.tuple(fc.nat(bytes.length), fc.nat(16), fc.uint8Array({ maxLength: 16 })), { maxLength: 6 }).map((edits) => {
    let b = Buffer.from(bytes);
    for (const [at, cut, insert] of edits) b = Buffer.concat([b.subarray(0, at), Buffer.from(insert), b.subarray(at + cut)]);
    return b;
  });

/** Answers every request with this body (no network: the clients take a fetch function). */
const fetchAnswering =
  (body: string | Uint8Array, status = 200, contentType = 'application/json') =>
  async (): Promise<Response> =>
    new Response(typeof body === 'string' ? body : Buffer.from(body), { status, headers: { 'content-type': contentType } });

/** Any JSON, a 200,000-deep document, a long string, random bytes. */
const hostileBody = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
  fc.record({ success: fc.boolean(), devices: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }) }).map((v) => JSON.stringify(v)),
  fc.nat(3).map((k) => `{"devices":${'['.repeat(50_000 * (k + 1))}${']'.repeat(50_000 * (k + 1))}}`),
  fc.nat(4).map((k) => `{"success":true,"remoteConnectUrl":"${'x'.repeat(CAP * k)}"}`),
  fc.uint8Array({ maxLength: 300 }),
  fc.string({ maxLength: 300 }),
);

describe('fuzz: payloads from elsewhere (stored blobs, device farms, model servers)', () => {
  let dir: string;
  let png: Buffer;
  let dump: Buffer;
  /** 48 MiB of XML-to-be in 50 KiB: past the UI-dump limit. */
  let bomb: Buffer;
  beforeAll(async () => {
    bomb = gzipSync(Buffer.alloc(48 * 1024 * 1024, 0x20), { level: 9 });
    dir = mkdtempSync(join(tmpdir(), 'eb-fuzz-'));
    png = await sharp({ create: { width: 32, height: 48, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .png()
      .toBuffer();
    dump = gzipSync(Buffer.from('<?xml version="1.0"?><hierarchy rotation="0"><node text="x" bounds="[0,0][10,10]"/></hierarchy>'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'a blob payload decodes within its limit or fails with a typed error; a file that is not its name is never returned',
    async () => {
      const store = new BlobStore(join(dir, 'blobs'));
      const payload = fc.oneof(
        mutate(png).map((b) => ({ bytes: b, type: 'image/png' })),
        mutate(dump).map((b) => ({ bytes: b, type: 'application/vnd.elderbench.uixml+gzip' })),
        fc.constant({ bytes: bomb, type: 'application/vnd.elderbench.uixml+gzip' }),
        fc
          .tuple(fc.uint8Array({ maxLength: 400 }), fc.constantFrom('image/webp', 'image/png', 'application/gzip'))
          .map(([a, type]) => ({ bytes: Buffer.from(a), type })),
      );
      await fc.assert(
        fc.asyncProperty(payload, fc.boolean(), async ({ bytes, type }, planted) => {
          const id = sha256(bytes);
          try {
            await checkBlobContent(bytes, type, id);
            if (type.includes('gzip')) expect((await decodeXml(bytes, id)).length).toBeLessThanOrEqual(32 * 1024 * 1024);
            else await decodeScreenshotToPng(bytes, id);
          } catch (e) {
            // A typed refusal, or the decoder saying the bytes are not what they claim: never a crash.
            expect(e).toBeInstanceOf(Error);
            if (!(e instanceof BlobLimitError)) expect((e as Error).message.length).toBeGreaterThan(0);
          }
          // Stored under a name its bytes do not hash to (a changed file in a shared folder): refused, naming it.
          const name = planted ? sha256(Buffer.concat([bytes, Buffer.from('x')])) : id;
          const file = store.pathOf(name);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, bytes);
          if (planted) await expect(store.get(name)).rejects.toBeInstanceOf(BlobIntegrityError);
          else expect((await store.get(name)).equals(bytes)).toBe(true);
          rmSync(file);
        }),
        fuzzParams(60),
      );
    },
    180_000 * FUZZ_SCALE,
  );

  it(
    'any answer from a device farm is a device list of plain values or an StfError, bounded, without the token',
    async () => {
      const token = 'stf-fuzz-token-0123456789abcdef';
      await fc.assert(
        fc.asyncProperty(hostileBody, fc.constantFrom(200, 401, 403, 500), async (body, status) => {
          const client = new StfClient('http://stf.invalid', token, { fetch: fetchAnswering(body, status), maxReplyBytes: CAP });
          for (const call of [() => client.listDevices(), () => client.remoteConnect('R58M')]) {
            try {
              const v = await call();
              if (Array.isArray(v)) for (const d of v) expect(typeof d.serial).toBe('string');
              else expect(v).toMatch(/^[^\s/]+:\d{1,5}$/);
            } catch (e) {
              expect(e, String(e)).toBeInstanceOf(StfError);
              expect((e as Error).message).not.toContain(token.slice(0, 8));
              expect((e as Error).message.length).toBeLessThan(2000);
            }
          }
        }),
        fuzzParams(200),
      );
    },
    120_000 * FUZZ_SCALE,
  );

  it(
    'any answer from a model server is a reply or a typed model error, never more than the cap',
    async () => {
      const sse = fc
        .array(
          fc.oneof(
            fc.jsonValue({ maxDepth: 3 }).map((v) => `data: ${JSON.stringify(v)}\n\n`),
            fc.string({ maxLength: 80 }),
          ),
          {
            maxLength: 8,
          },
        )
        .map((parts) => parts.join(''));
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(hostileBody, sse),
          fc.boolean(),
          fc.constantFrom(200, 200, 400, 429, 500),
          async (body, stream, status) => {
            const client = new OpenAiChatClient({
              baseUrl: 'http://model.invalid/v1',
              model: 'm',
              apiKey: 'sk-fuzz-key-0123456789',
              retries: 0,
              stream,
              maxReplyBytes: CAP,
              fetch: fetchAnswering(body, status, stream ? 'text/event-stream' : 'application/json'),
            });
            try {
              const r = await client.complete({ messages: [{ role: 'user', content: 'x' }], sampling: {} });
              expect(typeof r.content).toBe('string');
              expect(r.content.length).toBeLessThanOrEqual(CAP);
            } catch (e) {
              expect(e instanceof ModelRequestError || e instanceof ModelRefusedError, String(e)).toBe(true);
              expect((e as Error).message).not.toContain('sk-fuzz');
            }
          },
        ),
        fuzzParams(200),
      );
    },
    120_000 * FUZZ_SCALE,
  );
});
