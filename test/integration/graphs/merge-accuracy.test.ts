import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Demo, DemoStep } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import type { Task } from '../../../shared/schemas/task.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { buildGraph } from '../../../electron/core/graph/merge.js';
import { computeSignature } from '../../../electron/core/graph/signature.js';
import { validateGraph } from '../../../electron/core/graph/validate.js';
import { performAction, toPixelAction } from '../../../electron/core/recording/perform-action.js';
import { DemoScriptSchema, isTargetStep, resolveScriptStep } from '../../../electron/core/recording/script.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { resolvePackage, sleep } from '../../../electron/services/device-helpers.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { windowId } from '../../support/ui-actions.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const SAMPLE = join(REPO_ROOT, 'tasks', 'sample');
const tasks = (JSON.parse(readFileSync(join(SAMPLE, 'tasks.json'), 'utf8')) as { tasks: Task[] }).tasks;
const scripts = (id: string): string[] => {
  const dir = join(SAMPLE, 'demos', id);
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)) : [];
};

describe('state-merge accuracy against the virtual phone\'s true screens', () => {
  const phones = useVirtualPhones();

  it('≥ 200 demonstrations under two seeds and clocks: pairwise precision and recall ≥ 0.97', async () => {
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
            truth.push(await windowId(device));
            return { xml, fg };
          };
          for (const step of script) {
            const { xml, fg } = await observe();
            const ui = parseUiXml(xml);
            const signature = computeSignature(ui, fg, DEFAULT_SIGNATURE_CONFIG);
            const ref = { demonstrationId: id, idx: steps.length, screenshotBlob: null, xmlBlob: null };
            if (step.type === 'Finish' && !isTargetStep(step)) {
              steps.push({ ref, signature, action: null, actionPx: null, screen });
              break;
            }
            const action = isTargetStep(step) ? resolveScriptStep(step, ui, screen) : step;
            const px = toPixelAction(action, screen, resolvePackage);
            steps.push({ ref, signature, action, actionPx: { ...px, screen }, screen });
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
    const misses: string[] = [];
    for (const [taskId, demos] of byTask) {
      const g = buildGraph(taskId, demos.map((d) => d.demo), DEFAULT_SIGNATURE_CONFIG);
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
            if (process.env.MERGE_DEBUG) misses.push(`FP ${taskId} ${obs[i]!.truth} vs ${obs[j]!.truth}`);
          }
          else if (same) {
            fn++;
            if (process.env.MERGE_DEBUG) {
              const sigOf = (k: string) => demos.flatMap((d) => d.demo.steps).find((st) => `${st.ref.demonstrationId}:${st.ref.idx}` === k)!.signature;
              const a = sigOf(obs[i]!.key);
              const b = sigOf(obs[j]!.key);
              const diff = (x: string[], y: string[]) => x.filter((v) => !y.includes(v));
              misses.push(`${taskId} ${obs[i]!.truth}: act ${a.activity === b.activity} struct -${diff(a.structure, b.structure).join('|')} +${diff(b.structure, a.structure).join('|')} widgets -${diff(a.widgetState, b.widgetState).join('|')} +${diff(b.widgetState, a.widgetState).join('|')} anchors -${diff(a.anchors, b.anchors).slice(0, 4).join('|')} +${diff(b.anchors, a.anchors).slice(0, 4).join('|')}`);
            }
          }
        }
      }
    }
    if (process.env.MERGE_DEBUG) console.log([...new Set(misses)].slice(0, 60).join('\n'));
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`merge accuracy over ${demoId} demonstrations, ${observations} observations: precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} (tp ${tp}, fp ${fp}, fn ${fn})`);
    expect(precision).toBeGreaterThanOrEqual(0.97);
    expect(recall).toBeGreaterThanOrEqual(0.97);
  }, 600_000);
});
