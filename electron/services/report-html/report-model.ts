import type { StepView } from '../../../shared/domain/recording.js';
import type { ReviewTaskRow, Trajectory } from '../../../shared/domain/review.js';
import { describeMatch, describeStep } from '../../../shared/domain/describe-step.js';
import { effectsAtStep } from '../../../shared/domain/side-effects.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { markOf } from '../../core/report-html/marks.js';
import type { ReportModel, ReportResult, ReportStep, ReportTask } from '../../core/report-html/model.js';
import { stepView } from '../recording/recording-service.js';
import { reviewRows, trajectory } from '../review/review-service.js';
import type { RunReport } from '../runs/run-report-builder.js';
import type { ReportImages } from './report-images.js';

function verdictOf(t: Trajectory): string | null {
  const r = t.result;
  if (r.judge) {
    const pass = r.judge.pass === true ? 'pass' : r.judge.pass === false ? 'fail' : 'no verdict';
    return `${r.judge.judge} judge: ${pass}${r.judge.reason ? ` — ${r.judge.reason}` : ''}`.trim();
  }
  if (t.key.mode === 'offline' && r.finalNode)
    return `Task graph: ended on node ${r.finalNode} (${r.finalDone ? 'a DONE node' : 'not a DONE node'})`;
  return null;
}

function agentSteps(t: Trajectory, images: ReportImages): ReportStep[] {
  const steps: ReportStep[] = t.steps.map((s, i) => {
    const harm = effectsAtStep(t.result.sideEffects, s.idx).map((e) => e.summary);
    return {
      n: i + 1,
      text: describeStep(s.action),
      detail: t.key.mode === 'offline' ? describeMatch(s.details) : null,
      raw: s.raw || null,
      image: images.add(s.observationBlob),
      mark: markOf(s.action),
      ...(harm.length ? { harm } : {}),
    };
  });
  const finalBlob = t.result.finalBlob ?? null;
  const final = images.add(finalBlob);
  if (final) steps.push({ n: null, text: 'Final screen', detail: null, raw: null, image: final, mark: null });
  return steps;
}

function humanSteps(steps: readonly StepView[], images: ReportImages): ReportStep[] {
  return steps.map((s) => ({
    n: s.action ? s.idx + 1 : null,
    text: describeStep(s.action),
    detail: null,
    raw: null,
    image: images.add(s.screenshotBlob, s.thumbnailBlob),
    mark: markOf(s.action),
  }));
}

function resultOf(row: ReviewTaskRow, t: Trajectory, images: ReportImages): ReportResult {
  const l = row.label;
  return {
    agent: row.agent,
    mode: row.mode,
    success: l?.humanVerdict ? l.humanVerdict === 'success' : row.success,
    exit: row.exit,
    verdict: verdictOf(t),
    label:
      l && (l.failureCategory || l.humanVerdict || l.notes)
        ? { category: l.failureCategory, humanVerdict: l.humanVerdict, notes: l.notes }
        : null,
    steps: agentSteps(t, images),
    sideEffects: t.result.sideEffects
      ? t.result.sideEffects.effects.map((e) => ({
          step: e.step === null ? null : stepNumber(t, e.step),
          summary: e.summary,
          irreversible: e.irreversible,
        }))
      : null,
  };
}

/** A stored step index as the reader counts steps (1-based position in the list). */
function stepNumber(t: Trajectory, idx: number): number | null {
  const i = t.steps.findIndex((s) => s.idx === idx);
  return i < 0 ? null : i + 1;
}

/** The run's tasks in the order the run listed them (then any others that have results). */
function taskOrder(store: WorkspaceStore, runId: string, rows: readonly ReviewTaskRow[]): string[] {
  const spec = store.runs.get(runId)?.manifest.spec?.taskIds ?? [];
  return [...new Set([...spec, ...rows.map((r) => r.taskId)])];
}

/**
 * Everything the HTML report shows, read from the workspace: the run's tables and charts
 * (given), and every task of the run with each result's steps and the human demonstration.
 * Screenshots are registered with `images`, which writes them afterwards. A reviewer's
 * verdict overrides the automatic one, as on the Review screen.
 */
export function buildReportModel(
  store: WorkspaceStore,
  report: RunReport,
  charts: ReportModel['charts'],
  images: ReportImages,
  appVersion: string,
): ReportModel {
  const run = store.runs.get(report.runId)!;
  const rows = reviewRows(store, report.runId);
  const tasks: ReportTask[] = taskOrder(store, report.runId, rows).map((id) => {
    const task = store.tasks.get(id);
    const mine = rows.filter((r) => r.taskId === id);
    const trajectories = mine.map((r) => trajectory(store, { runId: report.runId, taskId: r.taskId, agent: r.agent, mode: r.mode }));
    const demo = store.demonstrations.firstFinished(id);
    return {
      id,
      instruction: task?.instruction ?? '(task no longer in the workspace)',
      lang: task?.lang ?? 'und',
      translation: task?.translation ?? null,
      app: task?.app ?? '',
      mode: task?.mode ?? '',
      semantic: task?.annotations.semantic ?? '',
      syntactic: task?.annotations.syntactic ?? '',
      scenario: task?.annotations.scenario ?? '',
      results: mine.map((r, i) => resultOf(r, trajectories[i]!, images)),
      human: demo ? { demonstrationId: demo.id, steps: humanSteps(store.demonstrations.steps(demo.id).map(stepView), images) } : null,
    };
  });
  return {
    runId: report.runId,
    status: report.status,
    mode: run.mode,
    agents: run.manifest.spec?.agents ?? report.metrics.map((m) => m.agent),
    createdAt: run.createdAt,
    generatedAt: new Date().toISOString(),
    appVersion,
    tables: report.tables,
    charts,
    tasks,
  };
}
