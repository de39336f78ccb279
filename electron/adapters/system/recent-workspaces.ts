import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const MAX_RECENT = 10;

/** Recently opened workspace folders, kept per user (not inside any workspace). */
export class RecentWorkspaces {
  private readonly file: string;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, 'recent-workspaces.json');
  }

  list(): string[] {
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  /**
   * Moves the folder to the front; written atomically so a crash never leaves a broken list. It
   * is a convenience: where it cannot be written (a full disk, a read-only home) it stays as it
   * was, and opening the workspace goes on.
   */
  add(folder: string): void {
    const next = [folder, ...this.list().filter((f) => f !== folder)].slice(0, MAX_RECENT);
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      writeFileSync(tmp, JSON.stringify(next, null, 2));
      renameSync(tmp, this.file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }
}
