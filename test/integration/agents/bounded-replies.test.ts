import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StfClient, StfError } from '../../../electron/adapters/stf/stf-client.js';
import { cliToEnd } from '../../support/cli-process.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const MIB = 1024 * 1024;
const peakMiB = (stderr: string): number => Number(/peak_rss_kib=(\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;

/** A server that answers every request with `handler` (a farm, a proxy, anything). */
async function hostileServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** `bytes` of body made on the fly (never held whole here): `head`, then filler, then `tail`. */
function flood(res: ServerResponse, bytes: number, head: string, tail: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write(head);
  const chunk = Buffer.alloc(MIB, 0x61);
  let sent = 0;
  const pump = (): void => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(tail);
  };
  pump();
}

describe('replies read with a cap, from models and from device farms', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((c) => c()));
  });

  // Before: the whole reply was read (res.text()); 2.2 GB took the process down, 1.2 GB took 2.7 GB of memory.
  it.each([false, true])(
    'a model endpoint answering 300 MB is cut off at 16 MiB with a clear error and bounded memory (stream=%s)',
    async (stream) => {
      const phone = await phones({ locale: 'en' });
      const model = await MockLlmServer.start([{ kind: 'flood', bytes: 300 * MIB }]);
      closers.push(() => model.close());
      const ws = tmp();
      const agent = { name: 'flooded', adapter: 'autoglm', variant: 'cn', baseUrl: model.baseUrl, model: 'm', retries: 0, stream };
      writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [agent] }));
      const r = await cliToEnd(
        [
          '--workspace',
          ws,
          '--adb',
          `127.0.0.1:${phone.port}`,
          'agent',
          'try',
          'flooded',
          '--device',
          'vphone-1',
          '--instruction',
          'go back',
        ],
        { ELDERBENCH_REPORT_PEAK_RSS: '1' },
      );
      expect(r.stderr).toMatch(/the model server sent more than 16 MiB, far more than any reply needs/);
      expect(r.code).not.toBe(0);
      expect(peakMiB(r.stderr)).toBeLessThan(400);
      expect(model.requests).toHaveLength(1); // not retried: the next answer would be as large
    },
    180_000,
  );

  // Before: "No devices" and exit 0 for 300 MB; "s is not iterable" for a 200,000-deep document.
  it('a farm answering 300 MB, a 200,000-deep document or no device list is an error (exit 1), never "No devices"', async () => {
    const answers: ((res: ServerResponse) => void)[] = [
      (res) => flood(res, 300 * MIB, '{"success":true,"devices":[{"serial":"', '"}]}'),
      (res) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`{"success":true,"devices":${'['.repeat(200_000)}${']'.repeat(200_000)}}`),
      (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"devices":"s"}'),
      (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>'),
    ];
    const expected = [/sent more than 8 MiB/, /not STF's JSON/, /unexpected reply: field "devices"/, /not STF's JSON/];
    for (const [i, answer] of answers.entries()) {
      const stf = await hostileServer((_req, res) => answer(res));
      closers.push(stf.close);
      const r = await cliToEnd(['--workspace', tmp(), 'devices', '--stf', stf.url], {
        STF_TOKEN: 'tok-0123456789',
        ELDERBENCH_REPORT_PEAK_RSS: '1',
      });
      expect(r.stderr).toMatch(expected[i]!);
      expect(r.stdout).not.toMatch(/No devices/);
      expect(r.code).toBe(1);
      expect(peakMiB(r.stderr)).toBeLessThan(400);
    }
  }, 240_000);

  // Before: the serial's escape sequences reached the terminal as they were.
  it('prints device-provided strings with their terminal escapes spelled out', async () => {
    const evil = 'R58\u001b]0;pwned\u0007\u001b[2J\u001b[31mred';
    const stf = await hostileServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          success: true,
          devices: [{ serial: evil, present: true, ready: true, using: false, owner: null, model: 'M\u001b[1mX' }],
        }),
      ),
    );
    closers.push(stf.close);
    const r = await cliToEnd(['--workspace', tmp(), 'devices', '--stf', stf.url], { STF_TOKEN: 'tok-0123456789' });
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stdout).toContain('R58\\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred');
    const json = await cliToEnd(['--workspace', tmp(), '--json', 'devices', '--stf', stf.url], { STF_TOKEN: 'tok-0123456789' });
    expect((JSON.parse(json.stdout) as { devices: { serial: string }[] }).devices[0]!.serial).toBe(evil); // exact in JSON, where it is escaped
  }, 120_000);

  // Before: the farm's whole value went into the message, token and all (a 200 kB line).
  it("never repeats the token a farm echoes in remoteConnectUrl, and keeps the farm's value short", async () => {
    const token = 'stf-secret-token-abcdef0123456789';
    const stf = await hostileServer((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ success: true, remoteConnectUrl: `${'x'.repeat(200_000)} ${req.headers.authorization} ${'y'.repeat(1000)}` }),
        ),
    );
    closers.push(stf.close);
    const err = await new StfClient(stf.url, token).remoteConnect('R58M').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StfError);
    const message = (err as Error).message;
    expect(message).toMatch(/STF gave no usable remoteConnectUrl for "R58M"/);
    expect(message).not.toContain(token);
    expect(message).not.toContain(token.slice(0, 8));
    expect(message.length).toBeLessThan(400);
  });
});
