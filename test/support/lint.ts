import { join } from 'node:path';
import { ESLint } from 'eslint';
import { REPO_ROOT } from './fixtures.js';

/**
 * Lints a snippet as if it were a file at `path` in this repository, with the repository's own
 * config. The file does not exist, so the type-aware rules (which need it in a tsconfig project)
 * are left out; every other rule, the layer boundaries included, applies as in `npm run lint`.
 */
export async function lintAs(code: string, path: string): Promise<{ ruleId: string | null; message: string }[]> {
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, path) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}
