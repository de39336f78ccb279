import type { Action } from './action.js';
import type { TableModel } from './analysis.js';
import type { StepView } from './recording.js';
import type { RunResultDetails, RunStepDetails, StepUsage } from './run-records.js';

export const FAILURE_CATEGORIES = [
  'Intent/Capability Boundary',
  'Planning/State Tracking',
  'Environment Awareness',
  'Visual/Action Execution',
] as const;

export interface LabelDto {
  /** One of FAILURE_CATEGORIES, or a custom category. */
  failureCategory: string | null;
  /** A reviewer's verdict, overriding the judge's. */
  humanVerdict: 'success' | 'failure' | null;
  notes: string;
}

export interface ReviewKey {
  runId: string;
  taskId: string;
  agent: string;
  mode: 'online' | 'offline';
}

export interface ReviewTaskRow extends Omit<ReviewKey, 'runId'> {
  success: boolean;
  exit: string;
  /** Under the run's scoring rule: scored (success / failure), unresolved (infrastructure, not counted as the agent's), or invalid. */
  status?: 'success' | 'failure' | 'unresolved' | 'invalid';
  steps: number;
  instruction: string;
  /** The instruction in English, when the task gives one; `lang` is the instruction's own language. */
  translation: string | null;
  lang: 'zh' | 'en';
  app: string;
  semantic: string;
  syntactic: string;
  scenario: string;
  /** Online: the judge's verdict (null = unreadable / none). */
  judgePass: boolean | null;
  label: LabelDto | null;
}

export interface ReviewStep {
  idx: number;
  action: Action;
  raw: string;
  /** Screenshot the agent saw, by blob id. */
  observationBlob: string | null;
  /** Offline: node, matched edge or nearest distance; online: pixels, foreground. */
  details: RunStepDetails;
  timings: Record<string, number>;
  /** As the provider reported it; counts it did not report are absent or null. */
  usage: Partial<StepUsage>;
}

export interface Trajectory {
  key: ReviewKey;
  row: ReviewTaskRow;
  steps: ReviewStep[];
  /** The result's details: judge verdict and reason, final node, device…; online, the screens the judge saw. */
  result: RunResultDetails & { judgeFrames?: string[] };
  /** The task's first finished human demonstration, for side-by-side viewing. */
  human: StepView[] | null;
  screen: { width: number; height: number };
}

export interface ReviewSummary {
  /** Paper Table 4: failure categories from the labels. */
  failures: TableModel;
  /** Judge vs human verdicts where both exist (the paper: 93.08%). */
  judgeAgreement: { n: number; agreement: number | null; kappa: number | null };
}

export interface RunComparisonRow {
  taskId: string;
  agent: string;
  mode: string;
  a: boolean | null;
  b: boolean | null;
}
