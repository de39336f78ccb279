import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import type { TableModel } from '../../../shared/domain/analysis.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { NlpPosTagger } from '../../adapters/nlp-pos/pos-tagger.js';
import { attribution } from '../../core/analysis/attribution/attribution.js';
import { failureTables, judgeAgreement } from '../../core/analysis/failures/failure-table.js';
import { measureInstruction } from '../../core/analysis/linguistics/instruction-metrics.js';
import type { InstructionSet } from '../../core/analysis/linguistics/linguistic-analysis.js';
import { analyzeLinguistics } from '../../core/analysis/linguistics/linguistic-analysis.js';
import { normalizationStudy } from '../../core/analysis/normalization/normalization-study.js';
import { attributionReport } from '../../core/analysis/report/attribution-report.js';
import { failuresReport } from '../../core/analysis/report/failures-report.js';
import { linguisticsReport } from '../../core/analysis/report/linguistics-report.js';
import { normalizationReport } from '../../core/analysis/report/normalization-report.js';
import type { AnalysisReport } from '../../core/analysis/report/report.js';
import type { TableFormat } from '../../core/analysis/report/table-writers.js';
import { TABLE_EXTENSIONS, TABLE_FORMATS, writeTable } from '../../core/analysis/report/table-writers.js';
import type { ResultRow, TaskFeatures } from '../../core/analysis/run-data.js';
import { attributionObservations, failedWithLabels, judgedResults, pairRuns } from '../../core/analysis/run-data.js';
import { DEFAULT_BOOTSTRAP_SEED } from '../../core/analysis/stats/bootstrap.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult } from '../output.js';

/**
 * `elderbench analyze …`: the paper's analyses (RQ1 linguistics, §5.3 normalization,
 * §5.4 failures, §5.5 attribution) over the workspace's tasks and runs. Tables print in
 * --format; --out-dir also writes every table in all four formats and every chart as SVG+PNG.
 */
interface OutputOptions {
  format: TableFormat;
  outDir?: string;
}

const formatOption = (): Option =>
  new Option('--format <format>', 'table format on stdout').choices([...TABLE_FORMATS]).default('md');
const outDirOption = (): Option => new Option('--out-dir <dir>', 'also write tables (md, csv, json, tex) and charts (svg, png) here');

function intOption(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new CliError(`${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

function numberOption(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name} must be a positive number, got "${value}"`);
  return n;
}

function runIds(value: string, expected: number | 'one-or-more'): string[] {
  const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (expected === 'one-or-more' ? ids.length === 0 : ids.length !== expected) {
    throw new CliError(expected === 2 ? `--runs takes ORIGINAL_RUN,REWRITTEN_RUN (two run ids), got "${value}"` : `--runs needs at least one run id, got "${value}"`);
  }
  return ids;
}

function resultsOf(ws: WorkspaceStore, runId: string, agent: string | undefined): ResultRow[] {
  if (!ws.runs.get(runId)) throw new CliError(`no run "${runId}" in workspace ${ws.path}; check the run id`);
  const rows = ws.runs.results(runId).filter((r) => agent === undefined || r.agent === agent);
  if (rows.length === 0) {
    throw new CliError(`run "${runId}" has no results${agent === undefined ? '' : ` for agent "${agent}"`}; analyze it after it has finished tasks`);
  }
  return rows;
}

async function emit(g: GlobalOptions, report: AnalysisReport, o: OutputOptions, extra: Record<string, unknown>): Promise<void> {
  const written: string[] = [];
  if (o.outDir) {
    const dir = resolve(o.outDir);
    mkdirSync(dir, { recursive: true });
    for (const t of report.tables) {
      for (const f of TABLE_FORMATS) {
        const file = join(dir, `${t.id}.${TABLE_EXTENSIONS[f]}`);
        writeFileSync(file, writeTable(t, f), 'utf8');
        written.push(file);
      }
    }
    if (report.charts.length > 0) {
      // Loaded only when needed: importing ECharts costs ≈ 0.8 s.
      const { writeChart } = await import('../../adapters/charts/echarts-renderer.js');
      for (const c of report.charts) {
        const w = await writeChart(c, dir);
        written.push(w.svg, w.png);
      }
    }
    info(`Wrote ${written.length} files to ${dir}`);
  }
  printResult(g, { ...extra, tables: report.tables, files: written }, () => renderTables(report.tables, o.format));
}

function renderTables(tables: readonly TableModel[], format: TableFormat): string {
  if (format === 'json') return JSON.stringify(tables, null, 2);
  return tables.map((t) => writeTable(t, format).trimEnd()).join(format === 'csv' ? '\r\n\r\n' : '\n\n');
}

function taskFeatures(ws: WorkspaceStore): (taskId: string) => TaskFeatures | undefined {
  const tagger = new NlpPosTagger();
  const cache = new Map<string, TaskFeatures | undefined>();
  return (taskId) => {
    if (!cache.has(taskId)) {
      const t = ws.tasks.get(taskId);
      if (!t) cache.set(taskId, undefined);
      else {
        const m = measureInstruction(
          { id: t.id, instruction: t.instruction, lang: t.lang, syntactic: t.annotations.syntactic, semantic: t.annotations.semantic, scenario: t.annotations.scenario },
          tagger,
        );
        cache.set(taskId, { semantic: m.semantic, syntactic: m.syntactic, scenario: m.scenario, length: m.length, verbs: m.verbs });
      }
    }
    return cache.get(taskId);
  };
}

function warnUnknown(ids: readonly string[]): void {
  if (ids.length > 0) {
    info(`warning: ${ids.length} task(s) are not in this workspace (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}); import their task set for annotations`);
  }
}

export function registerAnalyze(program: Command, globals: () => GlobalOptions): void {
  const analyze = program.command('analyze').description('the paper\'s analyses: linguistics, normalization, failures, attribution');

  analyze
    .command('linguistics')
    .description('instruction length, verbs and category shares (Table 5, Figures 2-6), optionally against a baseline set')
    .option('--set <name>', 'the instruction set (default: every task in the workspace)')
    .option('--baseline-set <name>', 'a task set to compare with (the paper uses MobileWorld)')
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { set?: string; baselineSet?: string } & OutputOptions) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const ws = backend.workspace;
        const load = (name: string | undefined): InstructionSet => {
          const items = ws.tasks.list(name === undefined ? {} : { taskSet: name });
          if (items.length === 0) {
            const known = ws.tasks.sets().map((s) => s.name);
            throw new CliError(
              name === undefined ? 'the workspace has no tasks; import a task set with: elderbench tasks import FILE' : `task set "${name}" has no tasks`,
              1,
              known.length > 0 ? [`task sets here: ${known.join(', ')}`] : [],
            );
          }
          return { name: name ?? 'workspace', items: items.map((t) => ({ id: t.id, instruction: t.instruction, lang: t.lang, syntactic: t.syntactic, semantic: t.semantic, scenario: t.scenario })) };
        };
        const sets = [load(o.set), ...(o.baselineSet === undefined ? [] : [load(o.baselineSet)])];
        let result;
        try {
          result = analyzeLinguistics(sets, new NlpPosTagger());
        } catch (e) {
          throw new CliError((e as Error).message);
        }
        for (const n of result.notes) info(`note: ${n}`);
        await emit(g, linguisticsReport(result), o, { sets: result.sets, metrics: result.metrics });
      } finally {
        backend.close();
      }
    });

  analyze
    .command('normalization')
    .description('original vs rewritten instructions: successes, Δ, exact McNemar, paired bootstrap CI (Table 3)')
    .requiredOption('--runs <original,rewritten>', 'the run with original instructions, then the run with rewritten ones')
    .option('--agent <name>', 'only this agent (default: one table per agent)')
    .option('--resamples <n>', 'bootstrap resamples', '10000')
    .option('--seed <n>', 'bootstrap seed', String(DEFAULT_BOOTSTRAP_SEED))
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { runs: string; agent?: string; resamples: string; seed: string } & OutputOptions) => {
      const g = globals();
      const [origId, rewrId] = runIds(o.runs, 2) as [string, string];
      const boot = { resamples: intOption('--resamples', o.resamples, 1), seed: intOption('--seed', o.seed, 0) };
      const backend = openBackend(g);
      try {
        const ws = backend.workspace;
        const paired = pairRuns(resultsOf(ws, origId, o.agent), resultsOf(ws, rewrId, o.agent), (id) => ws.tasks.get(id)?.annotations.semantic);
        if (paired.byAgent.length === 0) {
          throw new CliError(`runs "${origId}" and "${rewrId}" share no (task, agent, mode) results; run the same tasks and agents in both`);
        }
        if (paired.unpaired > 0) info(`warning: ${paired.unpaired} result(s) appear in only one of the two runs and are left out`);
        warnUnknown(paired.unknownTasks);
        const studies = paired.byAgent.map(({ agent, pairs }) => ({ agent, study: normalizationStudy(pairs, boot) }));
        await emit(g, normalizationReport(studies), o, { runs: [origId, rewrId], studies });
      } finally {
        backend.close();
      }
    });

  analyze
    .command('failures')
    .description('failure categories of failed results (Table 4) and judge-vs-human agreement')
    .requiredOption('--runs <run>', 'run id(s), comma-separated')
    .option('--agent <name>', 'only this agent')
    .option('--by-agent', 'also one table per agent')
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { runs: string; agent?: string; byAgent?: boolean } & OutputOptions) => {
      const g = globals();
      const ids = runIds(o.runs, 'one-or-more');
      const backend = openBackend(g);
      try {
        const ws = backend.workspace;
        const results = ids.flatMap((id) => resultsOf(ws, id, o.agent));
        const labels = ids.flatMap((id) => ws.labels.forRun(id).map((l) => ({ ...l, runId: id })));
        // Labels are per run: join within each run so one run's label never marks another's result.
        const failed = ids.flatMap((id) => failedWithLabels(results.filter((r) => r.runId === id), labels.filter((l) => l.runId === id)));
        const judged = ids.flatMap((id) => judgedResults(results.filter((r) => r.runId === id), labels.filter((l) => l.runId === id)));
        if (failed.length === 0) info('note: these runs have no failed results');
        const tables = failureTables(failed, o.byAgent === true);
        const judge = judgeAgreement(judged);
        if (!judge) info('note: no result has a human verdict yet, so judge agreement is not reported');
        await emit(g, failuresReport(tables, judge), o, { runs: ids, failures: tables, judgeAgreement: judge });
      } finally {
        backend.close();
      }
    });

  analyze
    .command('attribution')
    .description('Pearson correlation of linguistic features with success, and a Factorization Machine for interactions (§5.5)')
    .requiredOption('--runs <runs>', 'run id(s), comma-separated; every result is one observation')
    .option('--agent <name>', 'only this agent (the paper uses AutoGLM)')
    .option('--epochs <n>', 'FM training epochs (full batch)', '400')
    .option('--lr <rate>', 'FM Adam learning rate', '0.05')
    .option('--seed <n>', 'FM init seed', '20240601')
    .option('--top <n>', 'how many interactions to list', '10')
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { runs: string; agent?: string; epochs: string; lr: string; seed: string; top: string } & OutputOptions) => {
      const g = globals();
      const ids = runIds(o.runs, 'one-or-more');
      const fm = { epochs: intOption('--epochs', o.epochs, 1), learningRate: numberOption('--lr', o.lr), seed: intOption('--seed', o.seed, 0) };
      const top = intOption('--top', o.top, 1);
      const backend = openBackend(g);
      try {
        const ws = backend.workspace;
        const results = ids.flatMap((id) => resultsOf(ws, id, o.agent));
        const { observations, unknownTasks } = attributionObservations(results, taskFeatures(ws));
        warnUnknown(unknownTasks);
        let result;
        try {
          result = attribution(observations, { fm, topInteractions: top });
        } catch (e) {
          throw new CliError((e as Error).message);
        }
        for (const n of result.notes) info(`note: ${n}`);
        await emit(g, attributionReport(result), o, { runs: ids, attribution: result });
      } finally {
        backend.close();
      }
    });
}
