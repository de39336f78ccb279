import { describe, expect, it } from 'vitest';
import { lintAs } from '../../test/support/lint.js';

const RULE = 'repo/no-paths-outside-repo';

async function problems(code: string, path: string): Promise<string[]> {
  return (await lintAs(code, path)).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('lint: no path leads out of the repository', () => {
  it('flags the ways a test used to reach the shared folder', async () => {
    expect(
      await problems("export const F = new URL('../../../shared/fixtures/', import.meta.url);\n", 'test/support/fixtures.ts'),
    ).toHaveLength(1);
    expect(await problems("import x from '../../../shared/fixtures/a.json';\nexport default x;\n", 'test/support/x.ts')).toHaveLength(1);
    // eslint-disable-next-line repo/no-paths-outside-repo -- the rule's own test input
    expect(await problems("export const F = '/work/shared/fixtures/ui';\n", 'test/support/x.ts')).toHaveLength(1);
    expect(
      await problems(
        "import { join } from 'node:path';\nexport const F = join('/repo', '..', 'shared', 'fixtures');\n",
        'test/support/x.ts',
      ),
    ).toHaveLength(1);
    expect(await problems('export const F = `../../../shared/${1}`;\n', 'test/e2e/x.test.ts')).toHaveLength(1);
  });

  it('allows paths inside the repository, including its own shared/ folder', async () => {
    expect(
      await problems("import { ApiError } from '../../shared/api/index.js';\nexport { ApiError };\n", 'electron/services/x.ts'),
    ).toEqual([]);
    expect(
      await problems(
        "export const R = new URL('../../', import.meta.url);\nexport const D = new URL('../fixtures/ui-dumps/', import.meta.url);\n",
        'test/support/x.ts',
      ),
    ).toEqual([]);
  });
});
