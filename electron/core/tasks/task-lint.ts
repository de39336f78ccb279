import { isPositional, parseSelector } from '../../../shared/domain/json-path.js';
import type { Task } from '../../../shared/schemas/task.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { DevicePort } from '../device/device-port.js';
import { evaluateExpect } from '../eval/check-matcher.js';
import { runChecks } from '../eval/rule-judge.js';
import { classify, recordOf } from '../side-effects/classify.js';
import type { Change } from '../side-effects/diff.js';
import { contentKeyOf, diffSnapshots } from '../side-effects/diff.js';
import { expectationsOf } from '../side-effects/expectations.js';
import type { Snapshot } from '../side-effects/snapshot.js';
import { SideEffectTracker } from '../side-effects/tracker.js';

/**
 * `elderbench tasks lint`: checks that cannot pass by accident (docs/tasks.md "Lint"). On a phone,
 * a task fails when its checks already pass on its starting state, still pass when a demonstration
 * stops before its last decisive step (the last one that changed the user's data), or pass when
 * one content step (a text typed, a value set on a page) is left out and the end state differs;
 * and when a demonstration does not pass, or changes something neither the checks nor the
 * footprint name. Without a phone, and always: warnings for list positions in checks and for an
 * online task without a footprint.
 */
export type LintRule =
  | 'passes-at-start'
  | 'passes-early'
  | 'passes-without-content'
  | 'demo-fails'
  | 'demo-side-effect'
  | 'demo-changes-nothing'
  | 'positional'
  | 'no-footprint'
  | 'no-checks'
  | 'not-played';

export interface LintFinding {
  level: 'error' | 'warning';
  rule: LintRule;
  message: string;
}

export interface LintStep {
  /** For messages: `Tap "保存"`, `Type "300"`. */
  label: string;
  /** A Type step's text (content by definition); null for other steps. */
  typed: string | null;
  run(): Promise<void>;
}

export interface LintDemo {
  name: string;
  steps: LintStep[];
}

export interface LintPorts {
  device: DevicePort;
  snapshot(): Promise<Snapshot>;
  /** The page and what a person set on it (the virtual phone's `cmd vphone window --content`); null where a device cannot say. */
  page(): Promise<{ screen: string; content: string } | null>;
  /** Looks at the screen after the last step, as the recorder and every agent do. */
  look(): Promise<void>;
}

/** A regex over JSON that reads the first item of a list (`"sent":\[\{"to":…`) is a positional selector. */
const FIRST_ITEM = /:\\\[\\\{|:\\\[\\?"/;

export function staticLint(task: Task): LintFinding[] {
  const out: LintFinding[] = [];
  if (task.success_checks.length === 0)
    out.push({
      level: 'warning',
      rule: 'no-checks',
      message: 'no success_checks: online runs need --judge vlm, and nothing here can be linted',
    });
  task.success_checks.forEach((c, i) => {
    const where = `check ${i + 1}${c.description ? ` ("${c.description}")` : ''}`;
    let positional = false;
    if (c.expect.json_path !== undefined) {
      try {
        positional = isPositional(parseSelector(c.expect.json_path));
      } catch {
        positional = false;
      }
    } else if (c.expect.regex !== undefined) positional = FIRST_ITEM.test(c.expect.regex);
    if (positional)
      out.push({
        level: 'warning',
        rule: 'positional',
        message: `${where} reads a list item by position; when the list shifts (an item deleted or added before it) it reads another item — name it by identity: json_path "list[field=value].field"`,
      });
  });
  if (task.mode === 'online' && task.footprint === undefined)
    out.push({
      level: 'warning',
      rule: 'no-footprint',
      message: 'online task without a footprint: every change its checks do not name will be reported as a side effect',
    });
  return out;
}

async function setUp(task: Task, device: DevicePort): Promise<void> {
  for (const cmd of task.setup) await device.shell(cmd);
}

async function checksPass(task: Task, device: DevicePort): Promise<{ pass: boolean; reason: string }> {
  const r = await runChecks({ task, device }, evaluateExpect);
  return { pass: r.pass, reason: r.results.map((x) => `${x.check.description ?? x.check.probe}: ${x.reason}`).join('; ') };
}

/** Plays the steps whose index `keep` accepts; false when one cannot be played (its target is not on screen). */
async function playSome(steps: readonly LintStep[], keep: (i: number) => boolean): Promise<boolean> {
  for (const [i, s] of steps.entries()) {
    if (!keep(i)) continue;
    try {
      await s.run();
    } catch {
      return false;
    }
  }
  return true;
}

/** The changes between two snapshots that are not bookkeeping (what the task did, or did besides). */
function nonBenign(task: Task, a: Snapshot, b: Snapshot): Change[] {
  const c = classify(diffSnapshots(a, b), expectationsOf(task), (s) => ({ before: a.docs.get(s), after: b.docs.get(s) }));
  return [...c.expected, ...c.effects.map((e) => e.change)];
}

/** Every plain value in what changes hold after them, folded: what a typed text or a set value can be found in. */
function outcomeValues(changes: readonly Change[]): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (v === null || v === undefined) return;
    if (typeof v === 'object') for (const x of Object.values(v)) walk(x);
    else out.add(fold(String(v)));
  };
  for (const c of changes) walk(c.item ? c.item.after : c.after);
  return out;
}

const fold = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/** Whether a value a step entered reaches the outcome: a number equal to one there, a text contained in one. */
function reaches(value: string, outcome: Set<string>): boolean {
  const v = fold(value);
  if (v === '') return false;
  if (/^-?\d+(\.\d+)?$/.test(v)) return [...outcome].some((o) => /^-?\d+(\.\d+)?$/.test(o) && Number(o) === Number(v));
  return [...outcome].some((o) => o.includes(v));
}

/** The plain values a page's content gained between two looks at it (a quantity set, an option chosen). */
function enteredValues(before: string, after: string): string[] {
  const flat = (json: string): Map<string, string> => {
    const m = new Map<string, string>();
    const walk = (v: unknown, path: string): void => {
      if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      else m.set(path, String(v));
    };
    try {
      walk(JSON.parse(json), '');
    } catch {
      return m;
    }
    return m;
  };
  const b = flat(before);
  return [...flat(after)].filter(([k, v]) => b.get(k) !== v).map(([, v]) => v);
}

export async function dynamicLint(task: Task, demos: readonly LintDemo[], ports: LintPorts): Promise<LintFinding[]> {
  const { device } = ports;
  const out: LintFinding[] = [];
  if (task.success_checks.length === 0) return out;
  await setUp(task, device);
  const start = await checksPass(task, device);
  if (start.pass)
    out.push({
      level: 'error',
      rule: 'passes-at-start',
      message: `the checks already pass on the starting state (${start.reason}): doing nothing succeeds`,
    });
  for (const demo of demos) {
    // The demonstration itself, with a snapshot after every step: which steps changed the data, which set content.
    await setUp(task, device);
    const snaps: Snapshot[] = [];
    const tracker = new SideEffectTracker({
      snapshot: async () => {
        const s = await ports.snapshot();
        snaps.push(s);
        return s;
      },
      expectations: expectationsOf(task),
      policy: 'step',
    });
    await tracker.start();
    /** Content steps and what each entered: a text typed, the values a page gained. */
    const content: Array<{ i: number; values: string[] }> = [];
    const decisive: number[] = [];
    const touched: number[] = [];
    let page = await ports.page();
    let failed: string | null = null;
    for (const [i, s] of demo.steps.entries()) {
      try {
        await s.run();
      } catch (e) {
        failed = `step ${i + 1} (${s.label}) could not be played: ${errorMessage(e)}`;
        break;
      }
      await tracker.afterAction(i);
      const [prev, now] = [snaps.at(-2)!, snaps.at(-1)!];
      const next = await ports.page();
      if (nonBenign(task, prev, now).length > 0) decisive.push(i);
      else {
        if (diffSnapshots(prev, now).length > 0) touched.push(i); // a draft saved, a read marker: bookkeeping
        if (s.typed !== null) content.push({ i, values: [s.typed] });
        else if (page && next && page.screen === next.screen && page.content !== next.content)
          content.push({ i, values: enteredValues(page.content, next.content) });
      }
      page = next;
    }
    if (failed) {
      out.push({ level: 'error', rule: 'demo-fails', message: `${demo.name}: ${failed}` });
      continue;
    }
    await ports.look();
    const record = await tracker.finish();
    const end = snaps.at(-1)!;
    const done = await checksPass(task, device);
    if (!done.pass) out.push({ level: 'error', rule: 'demo-fails', message: `${demo.name} does not pass the checks: ${done.reason}` });
    for (const e of record.effects)
      out.push({
        level: 'error',
        rule: 'demo-side-effect',
        message: `${demo.name} ${e.summary}${e.step !== null ? ` at step ${e.step + 1}` : ''}, which neither the checks nor the footprint name: declare it in "footprint" or fix the demonstration`,
      });
    if (!done.pass) continue;

    // Stopped one decisive step early: the checks must notice.
    const last = decisive.at(-1) ?? touched.at(-1);
    if (last === undefined)
      out.push({ level: 'warning', rule: 'demo-changes-nothing', message: `${demo.name} changes none of the user's data` });
    else {
      await setUp(task, device);
      if (await playSome(demo.steps, (i) => i < last)) {
        await ports.look();
        const early = await checksPass(task, device);
        if (early.pass)
          out.push({
            level: 'error',
            rule: 'passes-early',
            message: `the checks still pass when ${demo.name} stops before step ${last + 1} (${demo.steps[last]!.label}), the last one that changes the user's data: they do not see what it does`,
          });
      }
    }

    // One content step left out — one whose value is in the outcome (an amount typed that was paid, a
    // quantity set that was ordered; not a search term): where the outcome then differs, the checks must notice.
    const outcomeChanges = nonBenign(task, snaps[0]!, end);
    const outcome = outcomeValues(outcomeChanges);
    for (const { i: c, values } of content) {
      if (!values.some((v) => reaches(v, outcome))) continue;
      await setUp(task, device);
      const start0 = await ports.snapshot();
      if (!(await playSome(demo.steps, (i) => i !== c))) continue; // cannot be played without it: nothing to learn
      await ports.look();
      // Each play's outcome is its own change from its own start (providers number rows anew after a reset).
      const theirs = nonBenign(task, start0, await ports.snapshot());
      const mine = new Set(outcomeChanges.map(contentKeyOf));
      const differs = theirs.filter((x) => !mine.has(contentKeyOf(x)));
      if (differs.length === 0 && theirs.length === outcomeChanges.length) continue; // the step made no difference to the outcome
      const r = await checksPass(task, device);
      if (r.pass)
        out.push({
          level: 'error',
          rule: 'passes-without-content',
          message: `the checks pass on ${demo.name} without step ${c + 1} (${demo.steps[c]!.label}), although the outcome differs${differs[0] ? ` (${recordOf(differs[0]).summary})` : ''}: they do not check what it sets`,
        });
    }
  }
  return out;
}
