import type { WorkspaceInfo } from '../../../shared/api/index.js';
import type { WorkspaceOverview } from '../../../shared/domain/overview.js';
import type { DemonstrationView, StepView } from '../../../shared/domain/recording.js';
import type { ReviewStep, ReviewTaskRow, Trajectory } from '../../../shared/domain/review.js';
import type { RunProgressDto, RunReportDto, RunSummaryDto } from '../../../shared/domain/run.js';
import { DEFAULT_SETTINGS } from '../../../shared/schemas/settings.js';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import type { FakeApi } from './fake-api.js';

/** Plain data of the shapes the backend sends, each overridable, for store and component tests. */
export const workspaceInfo: WorkspaceInfo = { path: '/ws', taskCount: 2, taskSets: [], schemaVersion: 1, readOnly: false };

export const overview: WorkspaceOverview = {
  tasks: { total: 0, online: 0, offline: 0, bySet: [] },
  demonstrations: { finished: 0, perTask: {}, tasksWithout: [], offlineNeedingSecondPath: [] },
  graphs: {
    offlineTasks: 0,
    built: { offline: 0, online: 0 },
    missing: [],
    standing: { valid: 0, 'not valid': 0, suspect: 0, unprobed: 0 },
    attention: [],
    stale: [],
  },
  runs: [],
};

export const task = (id: string, over: Partial<TaskSummary> = {}): TaskSummary => ({
  id,
  instruction: `do ${id}`,
  translation: null,
  lang: 'en',
  app: 'Settings',
  mode: 'offline',
  semantic: 'Clear and Explicit',
  syntactic: 'Canonical',
  scenario: 'Daily',
  taskSet: 'sample',
  ...over,
});

export const runRow = (id: string, over: Partial<RunSummaryDto> = {}): RunSummaryDto => ({
  id,
  mode: 'offline',
  status: 'finished',
  agents: ['replay'],
  tasks: 2,
  results: 2,
  createdAt: '2026-01-01T00:00:00Z',
  active: false,
  ...over,
});

export const progress = (runId: string, over: Partial<RunProgressDto> = {}): RunProgressDto => ({
  runId,
  total: 3,
  done: 0,
  running: [],
  last: null,
  infraRetries: 0,
  ended: null,
  ...over,
});

export const report = (runId: string, over: Partial<RunReportDto> = {}): RunReportDto => ({
  runId,
  status: 'running',
  outcomes: [],
  excludeUnresolved: false,
  unresolved: 0,
  tables: [
    { id: 'table2-results', title: 'Table 2', columns: [{ key: 'agent', header: 'Agent' }], rows: [{ agent: 'replay' }], notes: [] },
  ],
  ...over,
});

export const reviewRow = (taskId: string, over: Partial<ReviewTaskRow> = {}): ReviewTaskRow => ({
  taskId,
  agent: 'replay',
  mode: 'offline',
  success: false,
  exit: 'off_graph',
  steps: 3,
  instruction: `do ${taskId}`,
  translation: null,
  lang: 'en',
  app: 'Settings',
  semantic: 'Clear',
  syntactic: 'Canonical',
  scenario: 'Daily',
  judgePass: null,
  label: null,
  ...over,
});

export const reviewStep = (idx: number, over: Partial<ReviewStep> = {}): ReviewStep => ({
  idx,
  action: { type: 'Tap', at: { x: 100 + idx, y: 200 } },
  raw: `step ${idx}`,
  observationBlob: null,
  details: {},
  timings: {},
  usage: {},
  ...over,
});

export const trajectory = (runId: string, row: ReviewTaskRow, steps = row.steps, over: Partial<Trajectory> = {}): Trajectory => ({
  key: { runId, taskId: row.taskId, agent: row.agent, mode: row.mode },
  row,
  steps: Array.from({ length: steps }, (_, i) => reviewStep(i)),
  result: {},
  human: null,
  screen: { width: 1080, height: 2400 },
  ...over,
});

export const stepView = (idx: number, over: Partial<StepView> = {}): StepView => ({
  idx,
  action: { type: 'Tap', at: { x: 10, y: 20 } },
  actionPx: null,
  screenshotBlob: `shot-${idx}`,
  thumbnailBlob: `thumb-${idx}`,
  foregroundPackage: null,
  foregroundActivity: null,
  timings: {},
  ...over,
});

export const demonstration = (over: Partial<DemonstrationView> = {}): DemonstrationView => ({
  id: 5,
  taskId: 't1',
  deviceSerial: 'vphone-1',
  status: 'recording',
  note: '',
  startedAt: '',
  finishedAt: null,
  steps: [],
  ...over,
});

/** Answers everything `init()` asks for, with `runs` as the workspace's runs. */
export function answerInit(fake: FakeApi, runs: RunSummaryDto[] = [], tasks: TaskSummary[] = []): void {
  fake.answer('system', 'info', () => ({ appVersion: 't', workspace: '/ws', node: 'v20', schemaVersion: 1 }));
  fake.answer('settings', 'get', () => DEFAULT_SETTINGS);
  fake.answer('workspace', 'current', () => workspaceInfo);
  fake.answer('workspace', 'recent', () => []);
  fake.answer('workspace', 'overview', () => overview);
  fake.answer('tasks', 'list', () => tasks);
  fake.answer('runs', 'list', () => runs);
}
