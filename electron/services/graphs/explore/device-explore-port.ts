import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Action } from '../../../../shared/domain/action.js';
import type { ScreenSize } from '../../../../shared/domain/ui-node.js';
import type { Task } from '../../../../shared/schemas/task.js';
import type { DevicePort } from '../../../core/device/device-port.js';
import { evaluateExpect } from '../../../core/eval/check-matcher.js';
import { runChecks } from '../../../core/eval/rule-judge.js';
import type { ExplorePort, ExploredState, PhoneView, StateDetail } from '../../../core/graph/explore/explorer.js';
import { performAction, toPixelAction } from '../../../core/recording/perform-action.js';
import { parseUiXml } from '../../../core/ui/parse-ui-xml.js';
import { resolvePackage } from '../../devices/app-packages.js';

/** Every leaf of a JSON value by its path (`apps.com.x.orders.0.to` → `"shanghai"`). */
function flatten(v: unknown, path = '', out: Record<string, string> = {}): Record<string, string> {
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as object);
    if (entries.length === 0) out[path] = Array.isArray(v) ? '[]' : '{}';
    for (const [k, x] of entries) flatten(x, path ? `${path}.${k}` : k, out);
  } else out[path] = JSON.stringify(v);
  return out;
}

/**
 * What was typed or chosen on each open page, by the page's screen (the second page of that screen on the stack
 * gets `#2`). Not by the page's place on the stack, and a page holding nothing adds nothing: a page passed
 * through on the way (Accessibility, then Display size) changes no data, so it is no side effect.
 */
function pageFields(pages: readonly { screen?: string; local?: unknown }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [i, p] of pages.entries()) {
    if (!p.local || typeof p.local !== 'object' || Object.keys(p.local).length === 0) continue;
    let key = p.screen ?? String(i);
    for (let n = 2; key in out; n++) key = `${p.screen ?? i}#${n}`;
    out[key] = p.local;
  }
  return out;
}

/** Thrown when a device cannot tell its true state: exploration needs it to know where it stands. */
export class NoTrueStateError extends Error {
  override readonly name = 'NoTrueStateError';
}

interface Truth {
  window?: string;
  pages?: { screen?: string; scroll?: number; local?: unknown }[];
  apps?: Record<string, Record<string, unknown>>;
  settings?: unknown;
  blockedNumbers?: unknown;
  viewLogs?: Record<string, string[]>;
  package?: string;
  focusedInput?: string | null;
  keyboardVisible?: boolean;
}

/**
 * The explorer's phone over a device: the task's setup, actions played exactly as a run plays an agent's
 * (`performAction`), the app's true state read with `cmd vphone truth`, the task's checks run as the rule
 * judge runs them, and snapshots (`cmd vphone snapshot`) to come back to a state without replaying the path.
 * A device without snapshots gets the setup and the state's path again.
 */
export class DeviceExplorePort implements ExplorePort {
  private snapshots = true;
  /** A prefix for this exploration's snapshots, so two explorations on one phone never read each other's. */
  private readonly tag = `x${createHash('sha1').update(String(Math.random())).digest('hex').slice(0, 8)}`;

  constructor(
    private readonly device: DevicePort,
    private readonly task: Task,
    readonly screen: ScreenSize,
  ) {}

  /** The device's true state; a device without `cmd vphone truth` cannot be explored. */
  private async view(): Promise<PhoneView> {
    const out = await this.device.shell('cmd vphone truth');
    let t: Truth;
    try {
      t = JSON.parse(out) as Truth;
    } catch {
      throw new NoTrueStateError(
        `${this.device.serial} does not report its true state (cmd vphone truth answered ${JSON.stringify(out.trim().slice(0, 80))}); explore on a virtual phone`,
      );
    }
    // What the app holds: less where pages are scrolled to and what only logs views (an opened bill).
    const apps = Object.fromEntries(
      Object.entries(t.apps ?? {}).map(([pkg, st]) => [
        pkg,
        st && typeof st === 'object' ? Object.fromEntries(Object.entries(st).filter(([k]) => !(t.viewLogs?.[pkg] ?? []).includes(k))) : st,
      ]),
    );
    const held = JSON.stringify({ ...t, apps, viewLogs: null, pages: (t.pages ?? []).map((p) => ({ ...p, scroll: 0 })) });
    return {
      key: createHash('sha1').update(out).digest('hex'),
      appKey: createHash('sha1').update(held).digest('hex'),
      data: flatten({ apps, settings: t.settings, blocked: t.blockedNumbers, fields: pageFields(t.pages ?? []) }),
      window: t.window ?? '',
      package: t.package ?? '',
      focused: typeof t.focusedInput === 'string',
      keyboard: t.keyboardVisible === true,
    };
  }

  async start(): Promise<PhoneView> {
    for (const cmd of this.task.setup) await this.device.shell(cmd);
    return this.view();
  }

  async restore(state: ExploredState): Promise<void> {
    if (this.snapshots) {
      const out = await this.device.shell(`cmd vphone snapshot load ${this.tag}-${state.id}`);
      if (out.trim() === '') return;
      this.snapshots = false;
    }
    await this.start();
    for (const m of state.path) await this.act(m.action);
  }

  async act(action: Action): Promise<PhoneView> {
    await performAction(this.device, action, toPixelAction(action, this.screen, resolvePackage), sleep);
    return this.view();
  }

  async inspect(state: ExploredState, keep: boolean): Promise<StateDetail> {
    // Outside the app only the checks matter (nothing there is explored).
    const ui = keep ? parseUiXml(await this.device.uiDump()) : null;
    // Checks that probe the same thing read it once.
    const outputs = new Map<string, Promise<string>>();
    const device: DevicePort = Object.create(this.device, {
      shell: {
        value: (cmd: string) => {
          if (!outputs.has(cmd)) outputs.set(cmd, this.device.shell(cmd));
          return outputs.get(cmd)!;
        },
      },
    }) as DevicePort;
    const checks = await runChecks({ task: this.task, device }, evaluateExpect);
    // A state where the checks pass is never expanded either.
    if (this.snapshots && keep && !checks.pass) {
      const out = await this.device.shell(`cmd vphone snapshot save ${this.tag}-${state.id}`);
      if (out.trim() !== '') this.snapshots = false;
    }
    const failed = checks.results.filter((r) => !r.pass);
    return {
      ui,
      pass: checks.pass,
      reason: checks.pass ? `all ${checks.results.length} checks pass` : failed.map((f) => f.check.description ?? f.reason).join('; '),
    };
  }

  /** Forgets this exploration's snapshots. */
  async close(): Promise<void> {
    if (this.snapshots) await this.device.shell(`cmd vphone snapshot drop ${this.tag}-*`).catch(() => undefined);
  }
}
