import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { useTempDirs } from '../../support/temp-dir.js';

const tempDir = useTempDirs();

/** The real binary; `input` is its standard input. */
function cli(args: string[], input = '', env: Record<string, string> = {}) {
  return runCli(args, env, input);
}

describe('elderbench agent parse', () => {
  it('prints the canonical action; --json adds device pixels on the given screen and sent size', () => {
    const human = cli(
      ['agent', 'parse', '--format', 'uitars', '--screen', '1440x3200'],
      "Thought: t\nAction: click(start_box='(714,1596)')",
    );
    expect(human.code).toBe(0);
    expect(JSON.parse(human.stdout)).toEqual({ type: 'Tap', at: { x: 500, y: 500 } });
    expect(human.stderr).toContain('sent 1428x3192, device pixels at=(720,1600)');

    const j = cli(
      ['--json', 'agent', 'parse', '--format', 'uitars', '--screen', '1080x2400', '--sent', '1092x2408'],
      "Action: click(start_box='(546,1204)')",
    );
    expect(JSON.parse(j.stdout)).toMatchObject({
      action: { type: 'Tap', at: { x: 500, y: 500 } },
      pixels: { at: { x: 540, y: 1200 } },
      sent: { width: 1092, height: 2408 },
    });
  });

  it('bad input is a ParseError with its reason and exit 0; bad options exit 2 with a hint', () => {
    const g = cli(['--json', 'agent', 'parse', '--format', 'autoglm'], "[{'Type': 'Type'}]");
    expect(g.code).toBe(0);
    expect(JSON.parse(g.stdout).action).toMatchObject({ type: 'ParseError', reason: expect.stringContaining('no do(action=') });
    const bad = cli(['agent', 'parse', '--format', 'qwen-vl', '--screen', 'big'], '{}');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--screen must look like 1080x2400/);
  });
});

describe('elderbench agent list', () => {
  it('lists built-ins and workspace entries (workspace overrides by name) and shows whether a key is set, never its value', () => {
    const ws = tempDir();
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: [
          {
            name: 'my-vllm',
            adapter: 'uitars',
            variant: '1.5',
            baseUrl: 'http://10.0.0.5:8000/v1',
            model: 'ui-tars',
            apiKeyEnv: 'MY_TEST_KEY',
          },
          { name: 'random', adapter: 'random', seed: 99, replacesBuiltin: true },
        ],
      }),
    );
    const r = cli(['--workspace', ws, '--json', 'agent', 'list'], '', { MY_TEST_KEY: 'sk-should-not-appear-123456' });
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as { name: string; source: string; keySet: boolean | null }[];
    expect(rows.find((x) => x.name === 'my-vllm')).toMatchObject({ source: 'workspace', keySet: true, endpointHost: '10.0.0.5:8000' });
    expect(rows.find((x) => x.name === 'random')).toMatchObject({ source: 'workspace' });
    expect(rows.find((x) => x.name === 'autoglm-phone')).toMatchObject({ source: 'builtin' });
    expect(r.stdout + r.stderr).not.toContain('sk-should-not-appear');
  });

  it('a broken agents.json fails with every problem listed', () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'agents.json'), JSON.stringify({ agents: [{ name: 'x', adapter: 'uitars', variant: '2.0' }] }));
    const r = cli(['--workspace', ws, 'agent', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/agents\.0\.baseUrl: adapter uitars needs baseUrl/);
    expect(r.stderr).toMatch(/agents\.0\.variant: variant of uitars must be one of 1\.5, doubao, 1\.0/);
  });
});
