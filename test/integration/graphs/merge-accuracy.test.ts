import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Demo, DemoStep } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import type { Task } from '../../../shared/schemas/task.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { buildGraph } from '../../../electron/core/graph/merge.js';
import { toDemoStep } from '../../../electron/core/graph/demo-step.js';
import { validateGraph } from '../../../electron/core/graph/validate.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../electron/core/graph/match.js';
import { performAction, toPixelAction } from '../../../electron/core/recording/perform-action.js';
import { DemoScriptSchema, isTargetStep, resolveScriptStep } from '../../../electron/core/recording/script.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { resolvePackage, sleep } from '../../../electron/services/device-helpers.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { nodeAt, targetOf } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const SAMPLE = join(REPO_ROOT, 'tasks', 'sample');
const tasks = (JSON.parse(readFileSync(join(SAMPLE, 'tasks.json'), 'utf8')) as { tasks: Task[] }).tasks;
const scripts = (id: string): string[] => {
  const dir = join(SAMPLE, 'demos', id);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)) : [];
};

/** Leaf values of an object, as normalized text (numbers as numbers: "06" and "6" are one hour). */
function leaves(v: unknown, out: string[] = []): string[] {
  if (v === null || v === undefined || v === '') return out;
  if (Array.isArray(v)) v.forEach((x) => leaves(x, out));
  else if (typeof v === 'object') Object.values(v as Record<string, unknown>).forEach((x) => leaves(x, out));
  else out.push(/^\d+(\.\d+)?$/.test(String(v)) ? String(Number(v)) : String(v));
  return out;
}

/**
 * The true, task-relevant state of an observation: the screen (and dialog), which entity it shows and
 * what the person typed or chose on it (its parameters and local values; "06" and "6" are one hour), and
 * the foreground app's state, less what only logs views (a timer started at another time is the same
 * timer state).
 */
async function trueState(device: DevicePort): Promise<string> {
  const line = (await device.shell('cmd vphone window --content')).trim();
  const cut = line.indexOf(' {"params"');
  const page = JSON.parse(line.slice(cut + 1)) as { params: unknown; local: unknown; app: unknown };
  const set = (v: unknown): string => JSON.stringify([...new Set(leaves(v))].sort());
  // Clock readings (epoch ms) are when, not what: a timer started at another time is the same timer state.
  const app = JSON.stringify(page.app, (_k, v: unknown) => (typeof v === 'number' && v > 1e12 ? 'time' : v));
  const local = JSON.stringify(page.local, (_k, v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  return `${line.slice(0, cut)} ${set(page.params)} ${local} ${app}`;
}

describe('state-merge accuracy against the virtual phone\'s true, content-aware states', () => {
  const phones = useVirtualPhones();

  it('≥ 200 demonstrations under two seeds and clocks: pairwise precision and recall ≥ 0.99', async () => {
    // Two passes whose dynamic content differs: seed (feeds, weather, contacts' activity) and clock.
    const passes = [
      { seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) },
      { seed: 29, frozenClockMs: Date.UTC(2026, 11, 2, 14, 5) },
    ];
    const byTask = new Map<string, { demo: Demo; truth: string[] }[]>();
    let demoId = 0;
    for (const pass of passes) {
      const server = await phones({ locale: 'zh', seed: pass.seed });
      const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
      await device.shell(`cmd vphone clock set ${pass.frozenClockMs}`);
      await device.shell('cmd vphone clock freeze');
      const screen = (await device.info()).screen;
      for (const task of tasks) {
        for (const file of scripts(task.id)) {
          for (const cmd of task.setup) await device.shell(cmd);
          const script = DemoScriptSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
          const steps: DemoStep[] = [];
          const truth: string[] = [];
          const id = ++demoId;
          const observe = async (): Promise<{ xml: string; fg: Awaited<ReturnType<typeof device.foreground>> }> => {
            const [xml, fg] = await Promise.all([device.uiDump(), device.foreground()]);
            truth.push(await trueState(device));
            return { xml, fg };
          };
          for (const step of script) {
            const { xml, fg } = await observe();
            const ui = parseUiXml(xml);
            const ref = { demonstrationId: id, idx: steps.length, screenshotBlob: null, xmlBlob: null };
            if (step.type === 'Finish' && !isTargetStep(step)) {
              steps.push(toDemoStep({ ref, ui, foreground: fg, action: null, actionPx: null, screen }, DEFAULT_SIGNATURE_CONFIG));
              break;
            }
            const action = isTargetStep(step) ? resolveScriptStep(step, ui, screen) : step;
            const px = toPixelAction(action, screen, resolvePackage);
            const hit = 'at' in px ? nodeAt(ui, px.at.x, px.at.y) : null;
            const target = hit ? targetOf(hit) : null;
            const anyOption = isTargetStep(step) && step.any === true;
            steps.push(toDemoStep({ ref, ui, foreground: fg, action, actionPx: { ...px, ...(target ? { target } : {}), screen }, screen, anyOption }, DEFAULT_SIGNATURE_CONFIG));
            await performAction(device, action, px, sleep);
          }
          byTask.set(task.id, [...(byTask.get(task.id) ?? []), { demo: { id, steps }, truth }]);
        }
      }
    }
    expect(demoId).toBeGreaterThanOrEqual(200);

    let tp = 0;
    let fp = 0;
    let fn = 0;
    let observations = 0;
    const tally = new Map<string, number>();
    const misses: string[] = [];
    for (const [taskId, demos] of byTask) {
      // State identity is measured before freely chosen values (50 or 100 yuan) are deliberately reduced to "set".
      const g = buildGraph(taskId, demos.map((d) => d.demo), DEFAULT_SIGNATURE_CONFIG, DEFAULT_MATCH_OPTIONS, 'keep');
      const v = validateGraph(g, demos.map((d) => d.demo));
      expect(v.selfConsistency, `${taskId}: ${v.selfReplays.filter((r) => !r.accepted).map((r) => r.reason).join('; ')} ${JSON.stringify(demos.map((d) => d.truth))}`).toBe(1);
      const nodeOf = new Map<string, string>();
      for (const n of g.nodes) for (const m of n.members) nodeOf.set(`${m.demonstrationId}:${m.idx}`, n.id);
      const obs = demos.flatMap((d) => d.truth.map((t, i) => ({ key: `${d.demo.id}:${i}`, truth: t })));
      observations += obs.length;
      for (let i = 0; i < obs.length; i++) {
        for (let j = i + 1; j < obs.length; j++) {
          const same = obs[i]!.truth === obs[j]!.truth;
          const merged = nodeOf.get(obs[i]!.key) === nodeOf.get(obs[j]!.key);
          if (same && merged) tp++;
          else if (merged) {
            fp++;
            tally.set(`FP ${taskId}`, (tally.get(`FP ${taskId}`) ?? 0) + 1);
            if (process.env.MERGE_DEBUG) misses.push(`FP ${taskId} ${obs[i]!.truth} vs ${obs[j]!.truth}`);
          }
          else if (same) {
            fn++;
            tally.set(`FN ${taskId}`, (tally.get(`FN ${taskId}`) ?? 0) + 1);
            if (process.env.MERGE_DEBUG) {
              const sigOf = (k: string) => g.nodes.find((n) => n.id === nodeOf.get(k))!.signature;
              const a = sigOf(obs[i]!.key);
              const b = sigOf(obs[j]!.key);
              const diff = (x: string[], y: string[]) => x.filter((v) => !y.includes(v));
              misses.push(`${taskId} ${obs[i]!.truth}: act ${a.activity === b.activity} struct -${diff(a.structure, b.structure).join('|')} +${diff(b.structure, a.structure).join('|')} widgets -${diff(a.widgetState, b.widgetState).join('|')} +${diff(b.widgetState, a.widgetState).join('|')} anchors -${diff(a.anchors, b.anchors).slice(0, 4).join('|')} +${diff(b.anchors, a.anchors).slice(0, 4).join('|')} title ${a.title}/${b.title} content ${Object.keys({ ...a.content, ...b.content }).filter((k) => a.content?.[k] !== b.content?.[k]).map((k) => `${k.slice(k.indexOf('§') + 1)}:${a.content?.[k]}/${b.content?.[k]}`).join(' ')}`);
            }
          }
        }
      }
    }
    if (process.env.MERGE_DEBUG) console.log([...new Set(misses)].slice(0, 200).join('\n'), '\n', [...tally].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${v} ${k}`).join('\n'));
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`merge accuracy over ${demoId} demonstrations, ${observations} observations: precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} (tp ${tp}, fp ${fp}, fn ${fn})`);
    expect(precision).toBeGreaterThanOrEqual(0.99);
    expect(recall).toBeGreaterThanOrEqual(0.99);
  }, 600_000);
});
