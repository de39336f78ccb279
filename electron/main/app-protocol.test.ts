import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, RENDERER_CSP, resolveAppFile } from './app-protocol.js';

const DIR = '/opt/elderbench/dist/renderer';

describe('the app:// scheme handler', () => {
  it('serves files of the built renderer with their type, and index.html for app routes', () => {
    expect(resolveAppFile(APP_INDEX_URL, DIR)).toEqual({ file: join(DIR, 'index.html'), type: 'text/html; charset=utf-8' });
    expect(resolveAppFile('app://elderbench/assets/index-abc.js', DIR)).toEqual({
      file: join(DIR, 'assets/index-abc.js'),
      type: 'text/javascript; charset=utf-8',
    });
    expect(resolveAppFile('app://elderbench/', DIR)?.file).toBe(join(DIR, 'index.html'));
    expect(resolveAppFile('app://elderbench/runs', DIR)?.file).toBe(join(DIR, 'index.html'));
  });

  it('never reads outside the renderer folder, nor answers for another host or a malformed path', () => {
    for (const url of [
      'app://elderbench/..%2f..%2f..%2fetc%2fpasswd',
      'app://elderbench/%2e%2e/%2e%2e/secret.json',
      'app://elderbench/assets/..%5c..%5c..%5cx.json',
      'app://elderbench/a%00.js',
      'app://elderbench/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      const hit = resolveAppFile(url, DIR);
      // `..` (plain or escaped) is resolved against the folder's root: it may name a file in it, never one above it.
      if (hit) expect(hit.file.startsWith(`${DIR}/`), url).toBe(true);
    }
    expect(resolveAppFile('app://other/index.html', DIR)).toBeNull();
    expect(resolveAppFile('app://elderbench/a%00.js', DIR)).toBeNull();
  });

  it('gives the window a CSP without remote or inline script, that still shows eb-blob: images', () => {
    expect(RENDERER_CSP).toMatch(/script-src 'self';/);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|https?:/);
    expect(RENDERER_CSP).toMatch(/img-src[^;]*eb-blob:/);
  });
});
