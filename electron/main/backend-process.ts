import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createInterface } from 'node:readline';

/** The backend process as the shell sees it: a Node child process in development, an Electron utility process packaged. */
export interface BackendChild {
  readonly pid?: number | undefined;
  /** null while it runs. */
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stdin?: { end(): void } | null;
  kill(signal?: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}

export interface BackendHandle {
  url: string;
  token: string;
  process: BackendChild;
}

/** The slice of Electron's UtilityProcess used here; a fake stands in for it in tests (Electron does not run on the project machines). */
export interface UtilityProcessLike {
  readonly pid?: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  kill(): boolean;
  once(event: 'exit', listener: (code: number) => void): unknown;
}

/** The arguments of a backend started in a utility process travel in this variable (its process.argv is Electron's). */
export const BACKEND_ARGS_ENV = 'ELDERBENCH_BACKEND_ARGS';

/** The backend's command line, `serve` on any free port with the JSON ready line. */
export const BACKEND_ARGS = ['--json', 'serve', '--port', '0'];

/** A utility process seen as a BackendChild: it reports its exit by event only, so the exit code is kept here. */
export function utilityChild(u: UtilityProcessLike): BackendChild {
  const exits = new EventEmitter();
  const child = {
    pid: u.pid,
    exitCode: null as number | null,
    signalCode: null,
    stdout: u.stdout,
    kill: () => u.kill(),
    once: (event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void) => exits.once(event, listener),
  };
  u.once('exit', (code) => {
    child.exitCode = code;
    exits.emit('exit', code, null);
  });
  return child;
}

/**
 * Waits for the backend's ready line (`elderbench serve --json` prints `{"event":"ready","url":…,"token":…}`).
 * Native modules (better-sqlite3, sharp) load only in that process, built for its runtime's ABI, which is why
 * Electron's main process never loads them itself.
 */
export function awaitReady(child: BackendChild, timeoutMs = 60_000): Promise<BackendHandle> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the backend did not report ready within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited (code ${code}) before it was ready`));
    });
    if (!child.stdout) {
      clearTimeout(timer);
      reject(new Error("the backend's output is not piped to the shell: its ready line cannot be read"));
      return;
    }
    const lines = createInterface({ input: child.stdout });
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

/**
 * Development: the backend as a plain Node process (`node bin/elderbench.js --json serve`), whose native modules
 * were built for that Node by `npm install`. It exits when the shell closes its stdin.
 */
export function startBackendProcess(opts: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs?: number;
}): Promise<BackendHandle> {
  const child = spawn(opts.command, opts.args, {
    env: { ...opts.env, ELDERBENCH_EXIT_ON_STDIN_END: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return awaitReady(child, opts.timeoutMs);
}

/**
 * Packaged: the backend in an Electron utility process (Electron's own Node, for which electron-builder rebuilt
 * the native modules), so the binary's runAsNode fuse can stay off. Electron ends it when the app quits.
 */
export function startBackendUtility(fork: () => UtilityProcessLike, timeoutMs?: number): Promise<BackendHandle> {
  return awaitReady(utilityChild(fork()), timeoutMs);
}
