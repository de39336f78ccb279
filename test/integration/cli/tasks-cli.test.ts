import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { STARTER_TASKS, validTask } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';

describe('elderbench tasks (CLI)', () => {
  const tmp = useTempDirs();

  it('imports a task set and lists it as JSON on stdout', () => {
    const ws = tmp();
    const imp = runCli(['--workspace', ws, '--json', 'tasks', 'import', STARTER_TASKS]);
    expect(imp.code).toBe(0);
    expect(JSON.parse(imp.stdout)).toMatchObject({ taskSet: 'starter', imported: 2, replaced: 0 });
    const list = runCli(['--workspace', ws, '--json', 'tasks', 'list', '--mode', 'online']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((t) => t.id)).toEqual(['settings-font-bigger']);
  });

  it('leaves the workspace unchanged when a file is malformed, and says which field is wrong', () => {
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const bad = join(tmp(), 'bad.jsonl');
    writeFileSync(
      bad,
      [validTask({ id: 'new-ok' }), validTask({ id: 'new-bad', mode: 'sometimes' })].map((t) => JSON.stringify(t)).join('\n'),
    );
    const r = runCli(['--workspace', ws, 'tasks', 'import', bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing was imported');
    expect(r.stderr).toContain(`${bad}: #2, task "new-bad", field "mode"`);
    const list = runCli(['--workspace', ws, '--json', 'tasks', 'list']);
    expect((JSON.parse(list.stdout) as { id: string }[]).map((t) => t.id).sort()).toEqual(['phone-block-number', 'settings-font-bigger']);
  });

  it('refuses to overwrite existing ids without --replace', () => {
    const ws = tmp();
    runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]);
    const again = runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists.*--replace/);
    const replaced = runCli(['--workspace', ws, '--json', 'tasks', 'import', STARTER_TASKS, '--replace']);
    expect(JSON.parse(replaced.stdout)).toMatchObject({ imported: 0, replaced: 2 });
  });

  it('validates without a workspace, and honours ELDERBENCH_WORKSPACE', () => {
    const ok = runCli(['--json', 'tasks', 'validate', STARTER_TASKS]);
    expect(JSON.parse(ok.stdout)).toEqual([{ file: STARTER_TASKS, tasks: 2, warnings: [], unsafeSetup: [] }]);
    const ws = tmp();
    runCli(['tasks', 'import', STARTER_TASKS], { ELDERBENCH_WORKSPACE: ws });
    expect(readFileSync(join(ws, 'elderbench.db')).length).toBeGreaterThan(0);
  });

  it('exits non-zero with a one-line reason on usage errors', () => {
    const r = runCli(['tasks', 'list', '--mode', 'sideways']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Allowed choices are online, offline/);
  });
});
