import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userDataDir } from '../system/user-paths.js';

/**
 * One "yes": this agent entry may send this environment variable's value to this origin
 * (scheme, host and port: `https://api.example.org`). The scheme counts — the same host over
 * `http:` would carry the key in clear — and so does the port (another service on the host).
 */
export interface AgentApproval {
  agent: string;
  origin: string;
  variable: string;
  approvedAt: string;
}

export const APPROVALS_FILE = 'agent-approvals.json';

/**
 * The user's approvals of workspace agent entries that use a secret, kept per user and per
 * machine, never in a workspace (a shared folder must not be able to approve itself). A missing
 * or unreadable file means "nothing approved": it fails closed.
 */
export class AgentApprovals {
  readonly file: string;

  constructor(dir: string = userDataDir()) {
    this.file = join(dir, APPROVALS_FILE);
  }

  list(): AgentApproval[] {
    try {
      const v = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      if (!Array.isArray(v)) return [];
      return v.filter(
        (a): a is AgentApproval =>
          typeof a === 'object' &&
          a !== null &&
          // Approvals written before origins were recorded (host only) count for nothing: asked again.
          ['agent', 'origin', 'variable'].every((k) => typeof (a as Record<string, unknown>)[k] === 'string'),
      );
    } catch {
      return [];
    }
  }

  has(agent: string, origin: string, variable: string): boolean {
    return this.list().some((a) => a.agent === agent && a.origin === origin && a.variable === variable);
  }

  approve(a: Omit<AgentApproval, 'approvedAt'>): void {
    const rest = this.list().filter((x) => !(x.agent === a.agent && x.origin === a.origin && x.variable === a.variable));
    this.write([...rest, { ...a, approvedAt: new Date().toISOString() }]);
  }

  /** Withdraws every approval of the named entry; returns how many there were. */
  revoke(agent: string): number {
    const all = this.list();
    const rest = all.filter((x) => x.agent !== agent);
    if (rest.length !== all.length) this.write(rest);
    return all.length - rest.length;
  }

  private write(list: AgentApproval[]): void {
    mkdirSync(join(this.file, '..'), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(list, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
