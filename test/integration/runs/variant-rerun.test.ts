import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DemoScriptSchema } from '../../../electron/core/recording/script.js';
import { Backend } from '../../../electron/services/backend.js';
import { recordScript } from '../../../electron/services/recording/record-script.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';

/**
 * A font-large re-run of sample tasks with the replay agent (it repeats the human's taps where
 * they were): bigger text moves rows, so taps recorded at font scale 1.0 can miss, and the
 * report says by how much SR changes (exact McNemar). The font task itself is already solved
 * under the variant, so it is invalid there and leaves the pairs. The whole sample set's figure
 * is in docs/runs.md; this subset keeps the suite fast.
 */
const TASKS = ['phone-call-doctor', 'messages-block-spam', 'settings-font-bigger', 'weather-shanghai', 'clock-alarm-six'];

describe('robustness re-run through the CLI', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  function cli(ws: string, args: string[]): Promise<{ code: number | string; stdout: string; stderr: string }> {
    return cliToEnd(['--workspace', ws, ...args], { ELDERBENCH_USER_DATA: tmp() });
  }

  it(
    "font-large: replay's SR delta against the default run, per agent with McNemar; the device is restored",
    { timeout: 300_000 },
    async () => {
      const phone = await phones({ locale: 'zh', seed: 11 });
      const ws = tmp();
      const backend = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: `127.0.0.1:${phone.port}` });
      const device = backend.devices.device('vphone-1');
      try {
        await importTaskFile(backend.workspace, { file: join(REPO_ROOT, 'tasks/sample/tasks.json') });
        for (const id of TASKS) {
          const dir = join(REPO_ROOT, 'tasks/sample/demos', id);
          for (const cmd of backend.workspace.tasks.get(id)!.setup) await device.shell(cmd);
          await recordScript(
            backend,
            id,
            'vphone-1',
            DemoScriptSchema.parse(JSON.parse(readFileSync(join(dir, readdirSync(dir).sort()[0]!), 'utf8'))),
          );
        }
      } finally {
        backend.close();
      }
      const run = async (extra: string[]): Promise<string> => {
        const r = await cli(ws, [
          '--adb',
          `127.0.0.1:${phone.port}`,
          '--json',
          'run',
          '--mode',
          'online',
          '--agent',
          'replay',
          '--tasks',
          TASKS.join(','),
          ...extra,
        ]);
        expect(r.code, r.stderr).toBe(0);
        return (JSON.parse(r.stdout) as { runId: string }).runId;
      };
      const base = await run([]);
      const large = await run(['--variant', 'font-large']);

      const cmp = await cli(ws, ['--json', 'report', '--compare', `${base},${large}`]);
      expect(cmp.code, cmp.stderr).toBe(0);
      const c = JSON.parse(cmp.stdout) as {
        agents: {
          agent: string;
          pairs: number;
          srA: number;
          srB: number;
          delta: number;
          unpaired: number;
          mcnemar: { b: number; c: number; pValue: number };
        }[];
      };
      const replay = c.agents.find((a) => a.agent === 'replay')!;
      expect(replay.srA).toBe(1); // the oracle, at the font size it was recorded at
      expect(replay.unpaired).toBe(1); // settings-font-bigger: already done at font scale 1.3, invalid there
      expect(replay.pairs).toBe(TASKS.length - 1);
      expect(replay.srB).toBeLessThan(1); // bigger text moved what the recorded taps aimed at
      expect(replay.delta).toBeCloseTo(replay.srB - replay.srA, 10);
      expect(replay.mcnemar.b).toBe(Math.round(-replay.delta * replay.pairs));
      expect(replay.mcnemar.pValue).toBeGreaterThan(0);

      const md = await cli(ws, ['report', '--compare', `${base},${large}`]);
      expect(md.stdout).toMatch(/variant font-large/);
      expect(md.stdout).toMatch(/\| replay \| 4 \| 100\.00 \|/);

      const check = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: `127.0.0.1:${phone.port}` });
      try {
        const manifest = check.workspace.runs.get(large)!.manifest as { variant: { name: string; change: string } };
        expect(manifest.variant).toMatchObject({ name: 'font-large', change: 'settings put system font_scale 1.3' });
        const invalid = check.workspace.runs.results(large).find((r) => r.taskId === 'settings-font-bigger')!;
        expect(invalid.exitCategory).toBe('invalid_task');
        expect((await check.devices.device('vphone-1').shell('settings get system font_scale')).trim()).toBe('1.0'); // restored
      } finally {
        check.close();
      }
    },
  );
});
