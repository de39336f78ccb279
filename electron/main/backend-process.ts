import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface BackendHandle {
  url: string;
  token: string;
  process: ChildProcess;
}

/**
 * Starts the plain-Node backend (`elderbench serve --json`) and waits for its ready line.
 * Native modules (better-sqlite3, sharp) live only there, built for that runtime's ABI,
 * which is why Electron's main process never loads them itself.
 */
export function startBackendProcess(opts: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<BackendHandle> {
  return new Promise((resolve, reject) => {
    const child = spawn(opts.command, opts.args, {
      env: { ...opts.env, ELDERBENCH_EXIT_ON_STDIN_END: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the backend did not report ready within ${opts.timeoutMs ?? 60_000} ms`));
    }, opts.timeoutMs ?? 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited (code ${code}) before it was ready`));
    });
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { event?: string; url?: string; token?: string };
        if (msg.event === 'ready' && msg.url && msg.token) {
          clearTimeout(timer);
          resolve({ url: msg.url, token: msg.token, process: child });
        }
      } catch {
        // Not our ready line; the backend's messages go to stderr anyway.
      }
    });
  });
}
