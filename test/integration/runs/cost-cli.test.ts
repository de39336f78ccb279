import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';

/**
 * Cost through the CLI: a workspace prices.json, a scripted OpenAI-compatible model that reports usage (1200 prompt
 * and 80 completion tokens per call, the mock's default), and the report's USD per task and per run computed here by
 * hand — next to a model with no price ("no price", never 0), one whose provider reports no usage, and the replay
 * agent, which calls no model and costs exactly 0.
 */

const PRICES = {
  format: 'elderbench.prices/1',
  date: '2026-11-30',
  currency: 'USD',
  models: {
    'model-a': { promptPerMTok: 2, completionPerMTok: 10, perImage: 0.001 },
    'model-n': { promptPerMTok: 2, completionPerMTok: 10 },
  },
};

interface Report {
  tables: { id: string; rows: Record<string, unknown>[]; notes: string[] }[];
  cost: {
    totalUsd: unknown;
    prices: { date: string; source: string } | null;
    agents: Record<string, { perTaskUsd: unknown; runUsd: unknown }>;
  };
}

describe('cost through the CLI (a scripted OpenAI-compatible endpoint)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it(
    'USD per task and per run from the frozen prices; "no price" and "no usage" are never 0; a model-free agent costs 0',
    { timeout: 300_000 },
    async () => {
      const { ws, backend } = await settingsWorkspace(tmp, phones);
      backend.close();
      const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args], { ELDERBENCH_USER_DATA: tmp() });

      // prices --init writes the dated default once and refuses to overwrite it.
      const init = await cli(['--json', 'prices', '--init']);
      expect(init.code, init.stderr).toBe(0);
      expect(JSON.parse(readFileSync(join(ws, 'prices.json'), 'utf8'))).toMatchObject({ format: 'elderbench.prices/1', currency: 'USD' });
      const again = await cli(['prices', '--init']);
      expect(again.code).not.toBe(0);
      expect(again.stderr).toMatch(/prices\.json exists already/);

      server = await MockLlmServer.start();
      // Every agent gives up at once (one call per task); model-n's provider reports no usage.
      server.route = (req: RecordedRequest): MockReply => ({
        kind: 'reply',
        content: 'Thought: done.\n{"action": "finish", "status": "success", "message": "ok"}',
        ...(req.body.model === 'model-n' ? { usage: null } : {}),
      });
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: ['a', 'n', 'u'].map((x) => ({
            name: `mock-${x}`,
            adapter: 'vlm',
            baseUrl: server!.baseUrl,
            model: `model-${x}`,
            retries: 0,
          })),
        }),
      );

      // A broken price file refuses the run, naming the file and the field, and leaves no run behind.
      writeFileSync(join(ws, 'prices.json'), JSON.stringify({ ...PRICES, date: '30 Nov' }));
      const refused = await cli(['run', '--mode', 'offline', '--agent', 'mock-a', '--tasks', 'off-*']);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(join(ws, 'prices.json'));
      expect(refused.stderr).toMatch(/date: date is YYYY-MM-DD/);
      expect(JSON.parse((await cli(['--json', 'report', '--list'])).stdout)).toEqual([]);

      writeFileSync(join(ws, 'prices.json'), JSON.stringify(PRICES));
      const run = await cli(['--json', 'run', '--mode', 'offline', '--agent', 'mock-a,mock-n,mock-u,replay', '--tasks', 'off-*']);
      expect(run.code, run.stderr).toBe(0);
      const runId = (JSON.parse(run.stdout) as { runId: string }).runId;

      // By hand: each model-a call is 1200 × $2/M + 80 × $10/M = $0.0032, plus $0.001 per image it sent.
      const calls = server.requests.filter((r) => r.body.model === 'model-a');
      expect(calls).toHaveLength(2);
      const images = calls.reduce((n, r) => n + r.imageCount, 0);
      expect(images).toBeGreaterThan(0);
      const runUsd = 2 * 0.0032 + images * 0.001;

      const report = JSON.parse((await cli(['--json', 'report', runId])).stdout) as Report;
      const t2 = Object.fromEntries(report.tables.find((t) => t.id === 'table2-results')!.rows.map((r) => [r.agent as string, r]));
      expect(t2['mock-a']!.cost_task).toBeCloseTo(runUsd / 2, 12);
      expect(t2['mock-a']!.cost_run).toBeCloseTo(runUsd, 12);
      expect(t2['mock-u']).toMatchObject({ cost_task: 'no price', cost_run: 'no price' });
      expect(t2['mock-n']).toMatchObject({ cost_task: 'no usage', cost_run: 'no usage' });
      expect(t2['replay']).toMatchObject({ cost_task: 0, cost_run: 0 });

      const cost = report.tables.find((t) => t.id === 'run-cost')!;
      expect(cost.rows.find((r) => r.who === 'mock-a')).toMatchObject({ model: 'model-a', prompt: 2400, completion: 160, images });
      expect(cost.rows.find((r) => r.who === 'total')!.run).toBe('no price');
      expect(cost.notes.join(' ')).toMatch(/No price for model-u: add it to the workspace's prices\.json/);
      expect(cost.notes.join(' ')).toMatch(/Prices of 2026-11-30/);
      expect(report.cost).toMatchObject({ totalUsd: 'no price', prices: { date: '2026-11-30' } });

      // The prices were frozen with the run: editing the file afterwards changes nothing in its report.
      writeFileSync(
        join(ws, 'prices.json'),
        JSON.stringify({ ...PRICES, models: { ...PRICES.models, 'model-u': { promptPerMTok: 1, completionPerMTok: 1 } } }),
      );
      const later = JSON.parse((await cli(['--json', 'report', runId])).stdout) as Report;
      expect(later.cost).toEqual(report.cost);

      // The markdown report prints the words, not a zero.
      const md = (await cli(['report', runId])).stdout;
      expect(md).toMatch(/\| mock-u \|[^\n]*\| no price \| no price \|/);

      // The HTML report carries the columns and the cost–SR chart (priced agents only, the Pareto front drawn).
      const out = tmp();
      const html = await cli(['report', runId, '--format', 'html', '--out', out]);
      expect(html.code, html.stderr).toBe(0);
      const page = readFileSync(join(out, 'index.html'), 'utf8');
      expect(page).toContain('USD per task');
      expect(page).toContain('Cost per task against success rate');
      // replay (free, 100%) beats mock-a (priced, 0%) on both axes: it alone is the front.
      expect(page).toContain('mock-a: 0.0% at $');
      expect(page).toContain('On the Pareto front (no agent both cheaper and better): replay.');
      expect(page).toMatch(/Not drawn \(no price\): mock-n, mock-u/);
    },
  );
});
