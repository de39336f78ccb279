import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Action } from '../../shared/domain/action.js';
import type { DevicePort } from '../../electron/core/device/device-port.js';
import { performAction, toPixelAction } from '../../electron/core/recording/perform-action.js';
import { resolveScriptStep } from '../../electron/core/recording/script.js';
import { parseUiXml } from '../../electron/core/ui/parse-ui-xml.js';
import { Backend } from '../../electron/services/backend.js';
import type { VirtualPhoneServer } from '../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../electron/virtual-phone/index.js';
import { cliToEnd } from './cli-process.js';
import type { RecordedRequest } from './mock-llm-server.js';
import { MockLlmServer } from './mock-llm-server.js';
import { prepareSettingsWorkspace } from './record-script.js';

/**
 * A settings workspace (two offline tasks, their demonstrations and graphs, on an English virtual phone)
 * and an offline run of scripted models behind the `vlm` adapter that leave the graphs:
 *
 * - `detour` on off-display goes Settings → Accessibility → "Display size and text" — a right route no
 *   demonstration took (the task's check, `settings.display` on screen, passes there); on off-sound it
 *   taps Storage (wrong, left undecided);
 * - `careless` on off-display taps Storage (wrong); on off-sound it does what the demonstration did.
 *
 * Each model answers by its name, the task (the instruction in the prompt) and how many actions the
 * prompt says it took, so a re-scored run that reuses stored replies asks only for what comes after them.
 */

/** The canonical action as the generic VLM format's JSON reply; null = finish. */
export function vlmReply(a: Action | null): string {
  const j = (o: unknown): string => `Thought: next step.\n${JSON.stringify(o)}`;
  if (a === null) return j({ action: 'finish', status: 'success', message: 'done' });
  if (a.type === 'Tap') return j({ action: 'tap', point: [a.at.x, a.at.y] });
  if (a.type === 'Back') return j({ action: 'back' });
  throw new Error(`no VLM reply for ${a.type}`);
}

/** How many actions the vlm prompt lists as taken ("Actions so far:" then "none" or numbered lines). */
export function actionsSoFar(req: RecordedRequest): number {
  const texts = req.messages.flatMap((m) =>
    typeof m.content === 'string' ? [m.content] : (m.content as { type: string; text?: string }[]).flatMap((p) => (p.text ? [p.text] : [])),
  );
  const prompt = texts.find((t) => t.includes('Actions so far:')) ?? '';
  return (prompt.split('Actions so far:')[1] ?? '').split('\n').filter((l) => /^\d+\. /.test(l)).length;
}

export interface OffGraphRunFixture {
  ws: string;
  userData: string;
  adb: string;
  phone: VirtualPhoneServer;
  server: MockLlmServer;
  runId: string;
  /** Where things are on the phone (canonical taps). */
  taps: Record<'settings' | 'accessibility' | 'storage' | 'sound' | 'displaySize', Action>;
  cli(args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }>;
  /** While true, the model never answers (to kill a command while it waits on the model). */
  hang: boolean;
  close(): Promise<void>;
}

const INSTRUCTIONS: Record<string, string> = { 'off-display': 'the display settings', 'off-sound': 'where do I change the sound' };

/** Canonical taps on the live screen, by label (the same resolution `elderbench record` uses). */
async function tapOn(device: DevicePort, label: string): Promise<Action> {
  const info = await device.info();
  return resolveScriptStep({ type: 'Tap', on: label, match: 'prefix' }, parseUiXml(await device.uiDump()), info.screen);
}

async function locateTaps(device: DevicePort): Promise<OffGraphRunFixture['taps']> {
  const info = await device.info();
  const tap = (a: Action): Promise<void> =>
    performAction(
      device,
      a,
      toPixelAction(a, info.screen, () => null),
      async () => {},
    );
  await device.shell('cmd vphone reset');
  await device.key('Home');
  const settings = await tapOn(device, 'Settings');
  await tap(settings);
  const accessibility = await tapOn(device, 'Accessibility');
  const storage = await tapOn(device, 'Storage');
  const sound = await tapOn(device, 'Sound');
  await tap(accessibility);
  const displaySize = await tapOn(device, 'Display size and text');
  await device.shell('cmd vphone reset');
  return { settings, accessibility, storage, sound, displaySize };
}

export async function offGraphRun(opts: { agents?: ('detour' | 'careless')[]; tasks?: string[] } = {}): Promise<OffGraphRunFixture> {
  const phone = await startVirtualPhoneServer({ port: 0, locale: 'en' });
  const ws = mkdtempSync(join(tmpdir(), 'eb-offgraph-'));
  const userData = mkdtempSync(join(tmpdir(), 'eb-offgraph-user-'));
  const adb = `127.0.0.1:${phone.port}`;
  const backend = new Backend({ workspace: ws, userDataDir: userData, adbServer: adb });
  let taps: OffGraphRunFixture['taps'];
  try {
    await prepareSettingsWorkspace(backend);
    taps = await locateTaps(backend.devices.device('vphone-1'));
  } finally {
    backend.close();
  }
  const paths: Record<string, Record<string, (Action | null)[]>> = {
    detour: {
      'off-display': [taps.settings, taps.accessibility, taps.displaySize, null],
      'off-sound': [taps.settings, taps.storage, null],
    },
    careless: { 'off-display': [taps.settings, taps.storage, null], 'off-sound': [taps.settings, taps.sound, null] },
  };
  const server = await MockLlmServer.start();
  const state = { hang: false };
  server.route = (req) => {
    if (state.hang) return { kind: 'timeout' };
    const model = String(req.body['model']);
    const task = Object.keys(INSTRUCTIONS).find((id) => req.text.includes(INSTRUCTIONS[id]!));
    const path = task ? paths[model]?.[task] : undefined;
    const k = actionsSoFar(req);
    if (!path || k >= path.length) return { kind: 'status', status: 400, body: `no scripted step ${k} for ${model} on ${task}` };
    return { kind: 'reply', content: vlmReply(path[k]!) };
  };
  const agents = opts.agents ?? ['detour', 'careless'];
  writeFileSync(
    join(ws, 'agents.json'),
    JSON.stringify({
      agents: agents.map((m) => ({ name: m, adapter: 'vlm', baseUrl: server.baseUrl, model: m, timeoutMs: 10_000, retries: 0 })),
    }),
  );
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, '--adb', adb, ...args], { ELDERBENCH_USER_DATA: userData });
  const run = await cli([
    '--json',
    'run',
    '--mode',
    'offline',
    '--agent',
    agents.join(','),
    '--tasks',
    (opts.tasks ?? ['off-display', 'off-sound']).join(','),
  ]);
  if (run.code !== 0) throw new Error(`the run failed: ${run.stderr}`);
  const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
  return {
    get hang() {
      return state.hang;
    },
    set hang(v: boolean) {
      state.hang = v;
    },
    ws,
    userData,
    adb,
    phone,
    server,
    runId,
    taps,
    cli,
    close: async () => {
      await server.close();
      await phone.close();
      rmSync(ws, { recursive: true, force: true });
      rmSync(userData, { recursive: true, force: true });
    },
  };
}
