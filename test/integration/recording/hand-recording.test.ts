import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { decodeXml } from '../../../electron/adapters/observations/observation-sink.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { toPixels } from '../../../electron/core/geometry/coordinates.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { runCli } from '../../support/cli.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { until } from '../../support/wait.js';

const SAMPLE_TASKS = `${REPO_ROOT}tasks/sample/tasks.json`;
const TASK = 'weather-shanghai';
const SCREEN = { width: 1080, height: 2400 };

/** The centre of the clickable element labelled `label` on the live screen (the last one when several), in pixels. */
async function centre(device: DevicePort, label: string): Promise<{ x: number; y: number }> {
  const hits = flattenUi(parseUiXml(await device.uiDump())).filter(
    (n) => n.bounds && (n.clickable || n.longClickable) && labelOf(n).startsWith(label),
  );
  const b = hits[hits.length - 1]?.bounds;
  if (!b) throw new Error(`no "${label}" on screen`);
  return { x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) };
}

const norm = (p: { x: number; y: number }) => ({ x: (p.x * 1000) / SCREEN.width, y: (p.y * 1000) / SCREEN.height });
const px = (a: { x: number; y: number }) => toPixels(a, SCREEN);
const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(px(a).x - px(b).x, px(a).y - px(b).y);

describe('recording from the phone in hand (the virtual phone’s finger, read with getevent)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('stores the same steps as the same demonstration recorded from the mirror, each with the screen from before it, and the graph built from both still probes clean', async () => {
    const server = await phones({ locale: 'zh', frozenClockMs: Date.UTC(2026, 10, 30, 9, 0) });
    const ws = tmp();
    const backend = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    try {
      await importTaskFile(backend.workspace, { file: SAMPLE_TASKS });
      const device = backend.devices.device('vphone-1');
      const api = backend.handlers.recording;
      const sh = (c: string): Promise<string> => device.shell(c);

      // 1. From the mirror: the steps the Record screen sends.
      const mirror = await api.start({ taskId: TASK, serial: 'vphone-1' });
      const act = (action: Action) => api.act({ demonstrationId: mirror.id, action });
      const weather = await centre(device, '天气');
      await act({ type: 'Tap', at: norm(weather) });
      await act({ type: 'Swipe', from: norm({ x: 540, y: 1700 }), to: norm({ x: 540, y: 1000 }), ms: 400 });
      const cities = await centre(device, '城市管理');
      await act({ type: 'Tap', at: norm(cities) });
      const search = await centre(device, '搜索城市');
      await act({ type: 'LongPress', at: norm(search), ms: 800 });
      await act({ type: 'Type', text: 'shanghai', submit: true });
      await act({ type: 'Back' });
      const shanghai = await centre(device, '上海');
      await act({ type: 'Tap', at: norm(shanghai) });
      await api.finish({ demonstrationId: mirror.id });
      expect(JSON.parse(await sh('cmd vphone state com.vphone.weather')).city).toBe('shanghai');

      // 2. By hand: the same gestures made with the phone's finger; nothing goes through the app.
      const hand = await api.start({ taskId: TASK, serial: 'vphone-1', fromDevice: true });
      const steps = () => backend.workspace.demonstrations.stepCount(hand.id);
      const doThen = async (command: string, expected: number): Promise<void> => {
        expect(await sh(command)).toBe('');
        await until(() => steps() >= expected, `step ${expected} after \`${command}\``, 60_000);
        // As an annotator waits for the window to say the phone is ready: the screen after the step is captured.
        await backend.recordings.hand(hand.id)!.idle();
      };
      await doThen(`cmd vphone touch tap ${weather.x} ${weather.y}`, 1);
      await doThen('cmd vphone touch swipe 540 1700 540 1000 400', 2);
      await doThen(`cmd vphone touch tap ${cities.x} ${cities.y}`, 3);
      await doThen(`cmd vphone touch longpress ${search.x} ${search.y} 800`, 4);
      await doThen("cmd vphone touch type 'shanghai\\n'", 5);
      await doThen('cmd vphone press back', 6);
      await doThen(`cmd vphone touch tap ${shanghai.x} ${shanghai.y}`, 7);
      await api.finish({ demonstrationId: hand.id });
      expect(JSON.parse(await sh('cmd vphone state com.vphone.weather')).city).toBe('shanghai');

      // 3. Same steps: same kinds, positions within 50 px, same text; the same screen before each.
      const a = backend.workspace.demonstrations.steps(mirror.id);
      const b = backend.workspace.demonstrations.steps(hand.id);
      expect(b.map((s) => s.action?.type ?? 'DONE')).toEqual(['Tap', 'Swipe', 'Tap', 'LongPress', 'Type', 'Back', 'Tap', 'DONE']);
      expect(b.map((s) => s.action?.type ?? 'DONE')).toEqual(a.map((s) => s.action?.type ?? 'DONE'));
      const texts = async (blob: string | null): Promise<string[]> =>
        flattenUi(parseUiXml(await decodeXml(await backend.workspace.blobs.get(blob!))))
          .map(labelOf)
          .filter(Boolean);
      for (let i = 0; i < a.length; i++) {
        const [x, y] = [a[i]!.action, b[i]!.action];
        if (x?.type === 'Tap' && y?.type === 'Tap') expect(near(x.at, y.at), `step ${i}`).toBeLessThanOrEqual(50);
        if (x?.type === 'LongPress' && y?.type === 'LongPress') expect(near(x.at, y.at)).toBeLessThanOrEqual(50);
        if (x?.type === 'Swipe' && y?.type === 'Swipe') {
          expect(near(x.from, y.from)).toBeLessThanOrEqual(50);
          expect(near(x.to, y.to)).toBeLessThanOrEqual(50);
        }
        if (x?.type === 'Type' && y?.type === 'Type')
          expect({ text: y.text, submit: y.submit }).toEqual({ text: x.text, submit: x.submit });
        expect(b[i]!.foregroundActivity, `step ${i}`).toBe(a[i]!.foregroundActivity);
        expect(await texts(b[i]!.xmlBlob), `screen before step ${i}`).toEqual(await texts(a[i]!.xmlBlob));
      }
      // Before the first step: the launcher (the task's setup), not the app the tap opened.
      expect(b[0]!.foregroundPackage).toBe('com.android.launcher3');
      expect(b[5]!.actionPx).toMatchObject({ type: 'Back' });
    } finally {
      backend.close();
    }

    // 4. Both merge into the task's graph, and the probe (right and wrong variants played on a phone) agrees with the phone.
    const built = runCli(['--workspace', ws, '--json', 'graph', 'build', '--task', TASK]);
    expect(built.code, built.stderr).toBe(0);
    expect(JSON.parse(built.stdout)[0]).toMatchObject({ demonstrations: 2, doneNodes: 1 });
    const probe = runCli(['--workspace', ws, '--json', 'graph', 'probe', '--task', TASK]);
    expect(probe.code, probe.stderr).toBe(0);
    expect(JSON.parse(probe.stdout)).toMatchObject({ falseAccepts: 0, falseRejects: 0, unplayable: 0 });
  }, 600_000);
});
