import type { Command } from 'commander';
import { Option } from 'commander';
import type { TableModel } from '../../../shared/domain/analysis.js';
import type { TableFormat } from '../../services/analysis/report-output.js';
import { TABLE_OUTPUT_FORMATS, tablesText, writeReportFiles } from '../../services/analysis/report-output.js';
import type { AnalysisOutcome } from '../../services/analysis/analyses.js';
import {
  AnalysisInputError,
  ATTRIBUTION_DEFAULTS,
  attributionAnalysis,
  BOOTSTRAP_DEFAULTS,
  failuresAnalysis,
  linguisticsAnalysis,
  normalizationAnalysis,
} from '../../services/analysis/analyses.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

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
  new Option('--format <format>', 'table format on stdout').choices([...TABLE_OUTPUT_FORMATS]).default('md');
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
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (expected === 'one-or-more' ? ids.length === 0 : ids.length !== expected) {
    throw new CliError(
      expected === 2
        ? `--runs takes ORIGINAL_RUN,REWRITTEN_RUN (two run ids), got "${value}"`
        : `--runs needs at least one run id, got "${value}"`,
    );
  }
  return ids;
}

async function emit(g: GlobalOptions, report: AnalysisOutcome['report'], o: OutputOptions, extra: Record<string, unknown>): Promise<void> {
  let written: string[] = [];
  if (o.outDir) {
    const out = await writeReportFiles(report, o.outDir);
    written = out.files;
    info(`Wrote ${written.length} files to ${out.dir}`);
  }
  printResult(g, { ...extra, tables: report.tables, files: written }, () => tablesText(report.tables, o.format));
}

/** Runs an analysis, turning a fixable input problem into a one-line CLI failure with its details. */
async function emitOutcome(g: GlobalOptions, compute: () => AnalysisOutcome, o: OutputOptions): Promise<void> {
  let out: AnalysisOutcome;
  try {
    out = compute();
  } catch (e) {
    if (e instanceof AnalysisInputError) throw new CliError(e.message, 1, e.details);
    throw e;
  }
  for (const n of out.notes) info(n);
  await emit(g, out.report, o, out.extra);
}

export function registerAnalyze(program: Command, globals: () => GlobalOptions): void {
  const analyze = program.command('analyze').description("the paper's analyses: linguistics, normalization, failures, attribution");

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
        await emitOutcome(g, () => linguisticsAnalysis(backend.workspace, o.set, o.baselineSet), o);
      } finally {
        backend.close();
      }
    });

  analyze
    .command('annotate')
    .description(
      'LLM-assisted annotation: a model labels each instruction and proposes its core verbs (accept them in the Analysis screen); compare with the human labels (Appendix C)',
    )
    .requiredOption('--agent <name>', 'agent entry whose model annotates (see elderbench agent list)')
    .option('--set <name>', 'the instruction set (default: every task)')
    .option('--limit <n>', 'only the first N instructions')
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { agent: string; set?: string; limit?: string } & OutputOptions) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const { annotateSet, agentCompletionPort } = await import('../../services/analysis/annotate.js');
        let out;
        try {
          const { port, model } = agentCompletionPort(backend.workspace.path, o.agent);
          out = await annotateSet(backend.workspace, o.set, port, o.limit ? intOption('--limit', o.limit, 1) : undefined, model);
        } catch (e) {
          if (e instanceof CliError) throw e;
          throw new CliError(errorMessage(e));
        }
        await emit(g, { tables: out.tables, charts: [] }, o, { agreement: out.agreement, outcomes: out.outcomes });
      } finally {
        backend.close();
      }
    });

  analyze
    .command('verbs')
    .description("the verb annotations of a set: the model's proposal, a person's decision, and which verb count is used")
    .option('--set <name>', 'the instruction set (default: every task)')
    .option('--accept <taskId>', "record a person's decision for one instruction (with --verbs)")
    .option('--verbs <list>', 'with --accept: the core verbs, comma-separated ("" for none)')
    .addOption(formatOption())
    .action(async (o: { set?: string; accept?: string; verbs?: string } & OutputOptions) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const { acceptVerbs, verbRows } = await import('../../services/analysis/annotate.js');
        try {
          if (o.accept !== undefined) {
            if (o.verbs === undefined)
              throw new CliError('--accept needs --verbs "v1,v2" (or "" for an instruction without operational verbs)', 2);
            const row = acceptVerbs(backend.workspace, o.accept, o.verbs.split(/[,，、]/));
            printResult(g, row, (r) => `${r.taskId}: ${r.accepted!.join(', ') || '(no verbs)'} (${r.status})`);
            return;
          }
          const rows = verbRows(backend.workspace, o.set);
          const t: TableModel = {
            id: 'verb-annotations',
            title: 'Core operational verbs per instruction',
            columns: [
              { key: 'taskId', header: 'Task' },
              { key: 'instruction', header: 'Instruction' },
              { key: 'proposed', header: 'Proposed' },
              { key: 'accepted', header: 'Checked' },
              { key: 'file', header: 'Task file' },
              { key: 'source', header: 'Counts as' },
            ],
            rows: rows.map((r) => ({
              taskId: r.taskId,
              instruction: r.instruction,
              proposed: r.proposed?.join(' ') ?? null,
              accepted: r.accepted?.join(' ') ?? null,
              file: r.taskFileVerbs?.join(' ') ?? null,
              source: r.source,
            })),
            notes: [
              `${rows.filter((r) => r.source !== 'pos').length} of ${rows.length} instructions have annotated verbs; a set uses them only when all do.`,
            ],
          };
          printResult(g, rows, () => tablesText([t], o.format));
        } catch (e) {
          if (e instanceof AnalysisInputError) throw new CliError(e.message, 1, e.details);
          throw e;
        }
      } finally {
        backend.close();
      }
    });

  analyze
    .command('normalization')
    .description('original vs rewritten instructions: successes, Δ, exact McNemar, paired bootstrap CI (Table 3)')
    .requiredOption('--runs <original,rewritten>', 'the run with original instructions, then the run with rewritten ones')
    .option('--agent <name>', 'only this agent (default: one table per agent)')
    .option('--resamples <n>', 'bootstrap resamples', String(BOOTSTRAP_DEFAULTS.resamples))
    .option('--seed <n>', 'bootstrap seed', String(BOOTSTRAP_DEFAULTS.seed))
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(async (o: { runs: string; agent?: string; resamples: string; seed: string } & OutputOptions) => {
      const g = globals();
      const [origId, rewrId] = runIds(o.runs, 2) as [string, string];
      const boot = { resamples: intOption('--resamples', o.resamples, 1), seed: intOption('--seed', o.seed, 0) };
      const backend = openBackend(g);
      try {
        await emitOutcome(g, () => normalizationAnalysis(backend.workspace, origId, rewrId, o.agent, boot), o);
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
        await emitOutcome(g, () => failuresAnalysis(backend.workspace, ids, o.agent, o.byAgent === true), o);
      } finally {
        backend.close();
      }
    });

  analyze
    .command('attribution')
    .description('Pearson correlation of linguistic features with success, and a Factorization Machine for interactions (§5.5)')
    .requiredOption('--runs <runs>', 'run id(s), comma-separated; every result is one observation')
    .option('--agent <name>', 'only this agent (the paper uses AutoGLM)')
    .option('--epochs <n>', 'FM training epochs (full batch)', String(ATTRIBUTION_DEFAULTS.epochs))
    .option('--lr <rate>', 'FM Adam learning rate', String(ATTRIBUTION_DEFAULTS.learningRate))
    .option('--seed <n>', 'FM init seed', String(ATTRIBUTION_DEFAULTS.seed))
    .option('--top <n>', 'how many interactions to list', String(ATTRIBUTION_DEFAULTS.top))
    .option('--permutations <n>', 'permutations of the null for the interactions (at least 200)', '200')
    .option('--folds <n>', 'folds (by task) of the held-out check, FM vs additive model', '5')
    .addOption(formatOption())
    .addOption(outDirOption())
    .action(
      async (
        o: {
          runs: string;
          agent?: string;
          epochs: string;
          lr: string;
          seed: string;
          top: string;
          permutations: string;
          folds: string;
        } & OutputOptions,
      ) => {
        const g = globals();
        const ids = runIds(o.runs, 'one-or-more');
        const fm = {
          epochs: intOption('--epochs', o.epochs, 1),
          learningRate: numberOption('--lr', o.lr),
          seed: intOption('--seed', o.seed, 0),
        };
        const top = intOption('--top', o.top, 1);
        const checks = { permutations: intOption('--permutations', o.permutations, 200), folds: intOption('--folds', o.folds, 2) };
        const backend = openBackend(g);
        try {
          await emitOutcome(g, () => attributionAnalysis(backend.workspace, ids, o.agent, fm, top, checks), o);
        } finally {
          backend.close();
        }
      },
    );
}
