import type { Duplex } from 'node:stream';

/** Serves one connection to a socket a program listens on: the stream is the client's end. */
export type SocketHandler = (io: Duplex) => void;

interface Proc {
  name: string;
  stop: () => void;
}

/**
 * Long-running programs started over `shell:` (minicap, getevent) and the sockets they listen
 * on in the abstract namespace (`@minicap`), which `adb forward tcp:N localabstract:NAME` and a
 * `localabstract:NAME` stream reach. A program lives as long as its shell stream (or until
 * `kill PID`); its sockets go with it, as when a real process exits.
 */
export class ProcessTable {
  private nextPid = 12_000;
  private readonly procs = new Map<number, Proc>();
  private readonly sockets = new Map<string, { pid: number; handler: SocketHandler }>();

  spawn(name: string, stop: () => void): number {
    const pid = this.nextPid++;
    this.procs.set(pid, { name, stop });
    return pid;
  }

  exit(pid: number): void {
    this.procs.delete(pid);
    for (const [name, s] of this.sockets) if (s.pid === pid) this.sockets.delete(name);
  }

  /** SIGTERM: the program stops and its sockets close. False when no such process. */
  kill(pid: number): boolean {
    const p = this.procs.get(pid);
    if (!p) return false;
    this.exit(pid);
    p.stop();
    return true;
  }

  pidsOf(name: string): number[] {
    return [...this.procs].filter(([, p]) => p.name === name).map(([pid]) => pid);
  }

  /** Binds `@name`; false when another process holds it ("Address already in use"). */
  listen(pid: number, name: string, handler: SocketHandler): boolean {
    if (this.sockets.has(name)) return false;
    this.sockets.set(name, { pid, handler });
    return true;
  }

  connect(name: string): SocketHandler | undefined {
    return this.sockets.get(name)?.handler;
  }
}
