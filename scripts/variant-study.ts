// The robustness figures of docs/runs.md: every online sample task's first demonstration recorded on one zh
// virtual phone, the replay agent run online at the default settings and with each variant, each compared with
// the default run (report --compare). Usage: npx tsx scripts/variant-study.ts [font-large,display-large,…]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVirtualPhoneServer } from '../electron/virtual-phone/index.js';
import { Backend } from '../electron/services/backend.js';
import { importTaskFile } from '../electron/services/workspace/tasks-service.js';
import { recordScript } from '../electron/services/recording/record-script.js';
import { DemoScriptSchema } from '../electron/core/recording/script.js';
import { createRun, runToEnd } from '../electron/services/runs/run-lifecycle.js';
import { compareRunsSr } from '../electron/services/runs/run-compare.js';
import { writeTable } from '../electron/core/analysis/report/table-writers.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const variants = (process.argv[2] ?? 'font-large').split(',');
const t0 = Date.now();
const phones = await startVirtualPhoneServer({ port: 0, locale: 'zh', count: 1, seed: 11 });
const ws = mkdtempSync(join(tmpdir(), 'eb-variant-'));
const userData = mkdtempSync(join(tmpdir(), 'eb-u-'));
const backend = new Backend({ workspace: ws, userDataDir: userData, adbServer: `127.0.0.1:${phones.port}` });
await importTaskFile(backend.workspace, { file: join(ROOT, 'tasks/sample/tasks.json') });
const online = backend.workspace.tasks.list().filter((t) => t.mode === 'online');
for (const t of online) {
  const dir = join(ROOT, 'tasks/sample/demos', t.id);
  const f = readdirSync(dir).sort()[0]!;
  const task = backend.workspace.tasks.get(t.id)!;
  for (const c of task.setup) await backend.devices.device('vphone-1').shell(c);
  await recordScript(backend, t.id, 'vphone-1', DemoScriptSchema.parse(JSON.parse(readFileSync(join(dir, f), 'utf8'))));
}
console.log(`recorded ${online.length} demos in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
const run = async (variant?: string) => {
  const t1 = Date.now();
  const { runId } = createRun(deps, {
    mode: 'online',
    agents: ['replay'],
    taskIds: online.map((t) => t.id),
    devices: ['vphone-1'],
    ...(variant ? { variant: variant as 'font-large' } : {}),
  });
  await runToEnd(deps, runId);
  console.log(`run ${variant ?? 'default'} in ${((Date.now() - t1) / 1000).toFixed(0)} s`);
  return runId;
};
const base = await run();
for (const v of variants) {
  const id = await run(v);
  const c = compareRunsSr(backend.workspace, base, id);
  console.log(writeTable(c.table, 'md'));
  console.log(
    'changed:',
    c.rows
      .filter((r) => r.a !== r.b)
      .map((r) => `${r.taskId}:${r.a}->${r.b}`)
      .join(' '),
  );
}
backend.close();
await phones.close();
for (const d of [ws, userData]) rmSync(d, { recursive: true, force: true });
