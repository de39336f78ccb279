import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const STARTER_TASKS = `${REPO_ROOT}tasks/examples/starter.json`;
export const STARTER_CSV = `${REPO_ROOT}tasks/examples/starter.csv`;
/** Real uiautomator dumps from real phones (sources in test/fixtures/ui-dumps/MANIFEST.md). */
export const UI_DUMPS_DIR = fileURLToPath(new URL('../fixtures/ui-dumps/', import.meta.url));

export function validTask(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'task-1',
    instruction: '字太小了',
    lang: 'zh',
    app: 'Settings',
    package: 'com.android.settings',
    mode: 'online',
    annotations: { syntactic: 'Elliptical', semantic: 'Indirect Speech', scenario: 'System Settings' },
    ...overrides,
  };
}
