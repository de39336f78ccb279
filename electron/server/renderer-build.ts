import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Status = { state: 'ready' } | { state: 'building'; startedAt: number } | { state: 'failed'; message: string };

/**
 * The window's files (dist/renderer) are built from the sources, and a fresh clone has none. Rather
 * than answer every page with an error, `serve` builds them on first use: Vite in a child process,
 * into a temporary folder beside the target that is renamed into place only when complete, so a
 * page never sees half a build and two servers starting at once do not write over each other.
 */
export class RendererBuild {
  private status: Status;
  private running: Promise<void> | null = null;

  constructor(
    private readonly packageRoot: string,
    readonly dir: string,
  ) {
    this.status = this.built() ? { state: 'ready' } : { state: 'failed', message: 'not built' };
  }

  built(): boolean {
    return existsSync(join(this.dir, 'index.html'));
  }

  /** Starts the build when the files are missing; resolves when they are there (rejects with what to do). */
  ensure(): Promise<void> {
    if (this.built()) {
      this.status = { state: 'ready' };
      return Promise.resolve();
    }
    this.running ??= this.build().finally(() => (this.running = null));
    return this.running;
  }

  /** What a page request shows while the window cannot be served yet; null once it can. */
  pending(): { building: boolean; message: string } | null {
    if (this.built()) return null;
    if (this.status.state === 'building') {
      const s = Math.round((Date.now() - this.status.startedAt) / 1000);
      return {
        building: true,
        message: `ElderBench is building its window for the first time (${s} s so far, usually under a minute). This page reloads itself when it is ready.`,
      };
    }
    const why = this.status.state === 'failed' && this.status.message !== 'not built' ? ` (${this.status.message})` : '';
    return { building: false, message: `The window is not built${why}. Run: npm run build:renderer — then reload this page.` };
  }

  private async build(): Promise<void> {
    this.status = { state: 'building', startedAt: Date.now() };
    let vite: string;
    try {
      vite = join(dirname(createRequire(join(this.packageRoot, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    } catch {
      this.status = { state: 'failed', message: 'Vite is not installed: run npm install (with its dev dependencies)' };
      throw new Error(this.status.message);
    }
    mkdirSync(dirname(this.dir), { recursive: true });
    const tmp = mkdtempSync(join(dirname(this.dir), '.renderer-build-'));
    try {
      const out = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [vite, 'build', '--config', 'vite.renderer.config.ts', '--outDir', tmp, '--emptyOutDir', '--logLevel', 'warn'],
          { cwd: this.packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.once('error', reject);
        child.once('exit', (code) => resolve({ code, output }));
      });
      if (out.code !== 0 || !existsSync(join(tmp, 'index.html'))) {
        const last = out.output.trim().split('\n').slice(-3).join(' ');
        throw new Error(`the build failed (exit ${out.code})${last ? `: ${last}` : ''}`);
      }
      // Another server may have finished first: its build is as good as ours.
      if (!this.built()) {
        rmSync(this.dir, { recursive: true, force: true }); // a folder left without index.html is no build
        renameSync(tmp, this.dir);
      }
      this.status = { state: 'ready' };
    } catch (e) {
      this.status = { state: 'failed', message: e instanceof Error ? e.message : String(e) };
      throw e;
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
