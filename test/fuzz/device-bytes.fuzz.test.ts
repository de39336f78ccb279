import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPhoneServer } from '../../electron/virtual-phone/index.js';
import { parseForeground } from '../../electron/core/device/foreground.js';
import { parseUiXml, UiXmlError } from '../../electron/core/ui/parse-ui-xml.js';
import { UI_DUMPS_DIR } from '../support/fixtures.js';
import { frame, kit, raw, startServer } from '../integration/virtual-phone/helpers.js';
import { FUZZ_SCALE, fuzzParams } from './fuzz-config.js';

const DUMPS = readdirSync(UI_DUMPS_DIR)
  .filter((f) => f.endsWith('.xml'))
  .slice(0, 6)
  .map((f) => readFileSync(join(UI_DUMPS_DIR, f), 'utf8'));

/** Cuts, inserts and replaces at random places: a dump truncated by a dropped connection, or garbage. */
const damage = (text: string) =>
  fc
    .array(
      fc.tuple(
        fc.nat(text.length),
        fc.nat(40),
        fc.constantFrom('<', '>', '"', '&', '</node>', '<node bounds="[1,2][3,4]">', '\u0000', '&#xD800;', ']]>', ''),
      ),
      { maxLength: 8 },
    )
    .map((edits) => {
      let s = text;
      for (const [at, cut, insert] of edits) s = s.slice(0, at) + insert + s.slice(at + cut);
      return s;
    });

describe('fuzz: bytes from devices and the ADB wire', () => {
  let server: VirtualPhoneServer;
  beforeAll(async () => {
    server = await startServer({ count: 1 });
  });
  afterAll(() => server.close());

  it(
    'a damaged or truncated UI dump parses to a tree or a UiXmlError, never anything else',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...DUMPS).chain(damage), (xml) => {
          try {
            const tree = parseUiXml(xml);
            expect(tree).toBeTruthy();
          } catch (e) {
            expect(e, String(e)).toBeInstanceOf(UiXmlError);
          }
        }),
        fuzzParams(150),
      );
    },
    120_000 * FUZZ_SCALE,
  );

  it('any dumpsys text gives a foreground app or none, never an exception', () => {
    const piece = fc.constantFrom(
      'mCurrentFocus=',
      'mFocusedApp=',
      'ActivityRecord{',
      'Window{',
      ' u0 ',
      'com.android.settings/',
      '.Settings',
      '}',
      '\n',
      ' t12',
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 40 }).map((p) => p.join('')),
        (text) => {
          const fg = parseForeground(text);
          if (fg) expect(fg.package).toMatch(/^[A-Za-z][\w.]*$/);
        },
      ),
      fuzzParams(1000),
    );
  });

  it(
    'random bytes and half-valid requests on the ADB socket end in FAIL or a close, and the server keeps serving',
    async () => {
      const service = fc.oneof(
        fc.constantFrom(
          'host:version',
          'host:devices',
          'host:transport:vphone-1',
          'host:transport:ghost',
          'shell:',
          'sync:',
          'framebuffer:',
          'exec:',
          'host:kill-forward-all',
        ),
        fc.string({ maxLength: 30 }),
      );
      const payload = fc.oneof(
        fc.uint8Array({ maxLength: 120 }).map((a) => Buffer.from(a)),
        fc.array(service, { minLength: 1, maxLength: 3 }).map((ss) => Buffer.concat(ss.map(frame))),
        fc
          .tuple(fc.array(service, { maxLength: 2 }), fc.uint8Array({ maxLength: 60 }))
          .map(([ss, tail]) => Buffer.concat([...ss.map(frame), Buffer.from(tail)])),
      );
      await fc.assert(
        fc.asyncProperty(payload, async (bytes) => {
          // Half-closed by us: whatever was asked, the server must answer and close (raw() fails otherwise).
          await raw(server.port, bytes, { end: true, timeoutMs: 20_000 });
        }),
        fuzzParams(120),
      );
      expect(await kit(server.port).version()).toBe(41);
    },
    180_000 * FUZZ_SCALE,
  );
});
