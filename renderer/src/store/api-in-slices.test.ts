import { describe, expect, it } from 'vitest';

// Every source file of the renderer outside the store, as text (tests excluded).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../store/**', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The names a file imports from the platform module. */
const platformImports = (text: string): string[] =>
  [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[./]*platform\/api\.js'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );

describe('server state lives in slices', () => {
  it('reads the whole renderer', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(40);
    expect(platformImports("import { api, blobUrl } from '../../platform/api.js';")).toEqual(['api', 'blobUrl']);
  });

  it('no component, page or hook calls the API: they dispatch store actions (images come by URL)', () => {
    const offenders = Object.entries(sources)
      .filter(([path]) => !path.endsWith('/platform/api.ts') && !path.endsWith('/platform/web-client.ts'))
      .filter(([, text]) => platformImports(text).some((n) => n !== 'blobUrl' && n !== 'frameUrl') || /window\.elderbench\b/.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
