import { spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, STARTER_TASKS, validTask } from '../../support/fixtures.js';
import { runCli } from '../../support/cli.js';
import { reachableInstall } from '../../support/reachable-install.js';
import { useTempDirs } from '../../support/temp-dir.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI as a concurrent child process (runCli waits; these must overlap). */
function cliAsync(args: string[], env: Record<string, string>, uid?: number, install = REPO_ROOT): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(install, 'bin', 'elderbench.js'), ...args], {
      env: { ...process.env, ...env },
      ...(uid !== undefined ? { uid, gid: uid } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const taskFile = (dir: string, prefix: string, n: number): string => {
  const file = join(dir, `${prefix}.json`);
  writeFileSync(file, JSON.stringify(Array.from({ length: n }, (_, i) => validTask({ id: `${prefix}-${i}` }))));
  return file;
};

const countTasks = (ws: string): number => {
  const db = new Database(join(ws, 'elderbench.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('a workspace shared by several processes and people', () => {
  const tmp = useTempDirs();
  const installs: string[] = [];
  afterAll(() => {
    for (const d of installs) rmSync(d, { recursive: true, force: true });
  });

  // Large files widen the window between a transaction's first read and its first write,
  // where a deferred transaction failed with "database is locked" (most trials, before).
  it('lets concurrent imports all succeed, into an existing and into a brand-new workspace', async () => {
    for (const fresh of [false, true]) {
      const ws = join(tmp(), 'ws');
      const userData = tmp();
      if (!fresh) expect(runCli(['--workspace', ws, 'tasks', 'list']).code).toBe(0);
      const files = ['a', 'b', 'c'].map((p) => taskFile(tmp(), p, 3000));
      const runs = await Promise.all(
        files.map((f) => cliAsync(['--workspace', ws, 'tasks', 'import', f], { ELDERBENCH_USER_DATA: userData })),
      );
      for (const r of runs) expect(r.stderr).not.toMatch(/locked|already exists/);
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
      expect(countTasks(ws)).toBe(9000);
    }
  }, 180_000);

  it('refuses a 0-byte elderbench.db instead of silently making an empty workspace over its blobs', () => {
    const ws = tmp();
    writeFileSync(join(ws, 'elderbench.db'), '');
    mkdirSync(join(ws, 'blobs', 'ab'), { recursive: true });
    writeFileSync(join(ws, 'blobs', 'ab', 'ab'.padEnd(64, '0')), 'a recording');
    const r = runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/elderbench\.db is empty \(0 bytes\).*will not recreate it/s);
    expect(statSync(join(ws, 'elderbench.db')).size).toBe(0);
  });

  it('refuses a foreign file named elderbench.db and leaves it exactly as it was', () => {
    const text = tmp();
    writeFileSync(join(text, 'elderbench.db'), 'my notes, not a database\n');
    const r1 = runCli(['--workspace', text, 'tasks', 'list']);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toMatch(/not an ElderBench workspace database \(it is not an SQLite file\)/);

    const other = tmp();
    const db = new Database(join(other, 'elderbench.db'));
    db.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)');
    db.close();
    const before = readFileSync(join(other, 'elderbench.db'));
    const r2 = runCli(['--workspace', other, 'tasks', 'import', STARTER_TASKS]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(/SQLite database of another program \(tables: invoices\)/);
    expect(readFileSync(join(other, 'elderbench.db')).equals(before)).toBe(true);
  });

  // As root every file is writable, so the check runs as `nobody`; as another user, chmod does it.
  it('opens a workspace the user cannot write read-only: listing works and says so, changes are refused clearly', async () => {
    const ws = join(tmp(), 'ws');
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const userData = tmp();
    chmodSync(userData, 0o777);
    chmodSync(join(ws, '..'), 0o755);
    const asRoot = process.getuid?.() === 0;
    let uid: number | undefined;
    // The CLI as `nobody` runs from an install that user can reach: the clone may sit under a private folder.
    let install = REPO_ROOT;
    if (asRoot) {
      uid = 65534; // nobody: may read the folder (0755, owned by root), not write it
      for (const p of [ws, join(ws, 'blobs')]) chownSync(p, 0, 0);
      const reachable = reachableInstall(uid, uid);
      install = reachable.root;
      if (reachable.temporary) installs.push(reachable.root);
    } else {
      chmodSync(ws, 0o555);
      chmodSync(join(ws, 'elderbench.db'), 0o444);
    }
    try {
      const list = await cliAsync(['--workspace', ws, '--json', 'tasks', 'list'], { ELDERBENCH_USER_DATA: userData }, uid, install);
      expect(list.stderr).toMatch(/read-only for this user/);
      expect(list.code).toBe(0);
      expect((JSON.parse(list.stdout) as { id: string }[]).map((t) => t.id).sort()).toEqual(['phone-block-number', 'settings-font-bigger']);
      const other = taskFile(userData, 'more', 1);
      chmodSync(other, 0o644);
      const imp = await cliAsync(['--workspace', ws, 'tasks', 'import', other], { ELDERBENCH_USER_DATA: userData }, uid, install);
      expect(imp.code).toBe(1);
      expect(imp.stderr).toMatch(/is read-only for this user .*copy it somewhere you can write/);
      // Before: `run` failed later with SQLite's "attempt to write a readonly database".
      const run = await cliAsync(
        ['--workspace', ws, 'run', '--mode', 'offline', '--agent', 'random'],
        { ELDERBENCH_USER_DATA: userData },
        uid,
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^elderbench: a run records its results, and the workspace .* is read-only for this user .*copy it somewhere you can write/,
      );
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/readonly database/);
    } finally {
      if (!asRoot) chmodSync(ws, 0o755);
    }
    expect(countTasks(ws)).toBe(2);
  }, 60_000);
});
