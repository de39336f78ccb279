import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';

/**
 * The online tasks' graphs (the state judge's ground) pass the same probe as the offline ones: every
 * right and wrong variant of their demonstrations, played on the demo's virtual phone and judged by the
 * tasks' checks, gets the same verdict from the graph. Among them: presses of a key no page shows
 * (settings-volume-up), an hour typed as "6" in one demonstration and stepped to "06" in another
 * (clock-alarm-six), free choices marked by the annotator (any Huangmei song, either larger text size).
 */
describe('online task graphs agree with the phone', () => {
  const tmp = useTempDirs();

  it('demo --agents none builds and probes every online task graph: 0 false accepts, 0 false rejects', () => {
    const ws = tmp();
    const r = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'bin', 'elderbench.js'),
        '--workspace',
        ws,
        '--json',
        'demo',
        '--phones',
        '1',
        '--tasks',
        'mode=online',
        '--agents',
        'none',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, ELDERBENCH_USER_DATA: tmp() },
        timeout: 900_000,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { graphs: number; variants: number; falseAccepts: number; falseRejects: number };
    expect(out.graphs).toBeGreaterThanOrEqual(39);
    expect(out.variants).toBeGreaterThanOrEqual(200);
    expect({ falseAccepts: out.falseAccepts, falseRejects: out.falseRejects }).toEqual({ falseAccepts: 0, falseRejects: 0 });
  }, 900_000);
});
