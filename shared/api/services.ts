import { z } from 'zod';
import { event, method } from './contract.js';
import type { Settings } from '../schemas/settings.js';
import { SettingsPatchSchema } from '../schemas/settings.js';
import type { Task, TaskSummary } from '../schemas/task.js';
import { ActionSchema } from '../domain/action.js';
import type {
  DeviceInfoDto,
  DevicesState,
  FrameDto,
  MirrorFrameDto,
  MirrorStatusDto,
  StfDeviceDto,
  StfState,
  VirtualPhoneState,
} from '../domain/device.js';
import type { CaptureProgress, DemonstrationSummary, DemonstrationView, StepRecorded, StepSaved, StepView } from '../domain/recording.js';
import type { UiHierarchy } from '../domain/ui-node.js';
import { GraphEditSchema } from '../schemas/graph-edit.js';
import type { GraphSummary, ProbeTaskResult } from '../domain/graph.js';
import type { TaskGraph } from '../domain/task-graph.js';
import type { RunChartDto, RunProgressDto, RunReportDto, RunSummaryDto } from '../domain/run.js';
import type { WorkspaceOverview } from '../domain/overview.js';
import type { ReviewSummary, ReviewTaskRow, RunComparisonRow, Trajectory } from '../domain/review.js';
import type { TableModel, VerbAnnotationRow } from '../domain/analysis.js';
import { SEMANTIC_CATEGORIES, SYNTACTIC_CATEGORIES, TASK_LIMITS, TaskIdSchema } from '../schemas/task.js';
import { USER_MODES, VARIANTS } from '../schemas/run-spec.js';
import { JUDGE_KINDS } from '../domain/run-records.js';
import type { AcceptRoutesResult, GrowthDecision, OffGraphReport, ProposedRoute, RescoreSummary } from '../domain/off-graph.js';
import { ProposedRouteSchema } from '../schemas/proposed-route.js';

/**
 * The one API. Each service is a contract (see contract.ts); the renderer calls
 * `window.elderbench.<service>.<method>(arg)` and both transports (Electron IPC,
 * web mode HTTP/WebSocket) end in the same handler table in electron/services.
 *
 * A method is added here only together with its implementation.
 */

const NoInput = z.object({}).strict().optional();

export interface SystemInfo {
  appVersion: string;
  /** Absolute folder of the open workspace. */
  workspace: string;
  /** 'electron' in the desktop window, 'web' in a browser. Set by the transport, not the backend. */
  transport: 'electron' | 'web';
  node: string;
  schemaVersion: number;
}

export interface WorkspaceInfo {
  path: string;
  taskCount: number;
  taskSets: { name: string; taskCount: number; importedAt: string }[];
  schemaVersion: number;
  /** This user cannot write the folder: listing, reviewing and exporting work, changes are refused. */
  readOnly: boolean;
}

export interface DataChanged {
  /** What changed, so views refresh only what they show. */
  table: 'tasks' | 'settings' | 'workspace' | 'demonstrations' | 'graphs' | 'runs';
}

export const systemContract = {
  info: method(NoInput).returns<Omit<SystemInfo, 'transport'>>(),
  onDataChanged: event<DataChanged>(),
};

export const workspaceContract = {
  current: method(NoInput).returns<WorkspaceInfo>(),
  /** Open (or create) a workspace folder; the backend switches to it. */
  open: method(z.object({ path: z.string().min(1, 'choose a folder') }).strict()).returns<WorkspaceInfo>(),
  recent: method(NoInput).returns<string[]>(),
  /** Tasks, demonstrations, graphs and runs at a glance, with what still needs doing. */
  overview: method(NoInput).returns<WorkspaceOverview>(),
  onChanged: event<WorkspaceInfo>(),
};

export const settingsContract = {
  get: method(NoInput).returns<Settings>(),
  update: method(SettingsPatchSchema).returns<Settings>(),
  onChanged: event<Settings>(),
};

export const TaskFilterSchema = z
  .object({
    mode: z.enum(['online', 'offline']).optional(),
    app: z.string().optional(),
    semantic: z.enum(SEMANTIC_CATEGORIES).optional(),
    syntactic: z.enum(SYNTACTIC_CATEGORIES).optional(),
    taskSet: z.string().optional(),
    /** Case-insensitive substring of the id or instruction. */
    text: z.string().optional(),
  })
  .strict();
export type TaskFilter = z.infer<typeof TaskFilterSchema>;

export interface ImportReport {
  taskSet: string;
  file: string;
  imported: number;
  replaced: number;
  warnings: string[];
}

export const ImportTasksInputSchema = z
  .object({
    /** A path the backend can read: .json (task-set file), .jsonl or .csv. */
    file: z.string().min(1),
    /** Name for the set; defaults to the file's own name or its base name. */
    taskSet: z.string().min(1).optional(),
    /** Replace tasks that already exist with the same id (default: refuse). */
    replace: z.boolean().optional(),
  })
  .strict();

export const ImportTaskContentSchema = z
  .object({
    /** The file's name as the user picked it: its extension gives the format (.json, .jsonl, .csv). */
    fileName: z.string().min(1).max(255),
    /** The file's text (the window reads the picked file; web mode cannot give the backend a path). */
    content: z.string().max(TASK_LIMITS.fileBytes),
    taskSet: z.string().min(1).optional(),
    replace: z.boolean().optional(),
  })
  .strict();

export const tasksContract = {
  list: method(TaskFilterSchema).returns<TaskSummary[]>(),
  get: method(z.object({ id: TaskIdSchema }).strict()).returns<Task>(),
  importFile: method(ImportTasksInputSchema).returns<ImportReport>(),
  /** The same import from a file's content (the window's file picker); errors list every invalid field. */
  importContent: method(ImportTaskContentSchema).returns<ImportReport>(),
};

const Serial = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, 'not a device serial');
const SerialInput = z.object({ serial: Serial }).strict();
const DemoInput = z.object({ demonstrationId: z.number().int().positive() }).strict();
const StfUrlInput = z.object({ url: z.string().url().max(500) }).strict();

export const devicesContract = {
  /** The devices on the configured adb server (Settings → ADB server), or why it cannot be reached. */
  list: method(NoInput).returns<DevicesState>(),
  info: method(SerialInput).returns<DeviceInfoDto>(),
  /** Captures the screen now; the image is fetched by frame id. */
  frame: method(SerialInput).returns<FrameDto>(),
  /** The live UI hierarchy (uiautomator) for the overlay. */
  hierarchy: method(SerialInput).returns<UiHierarchy>(),
  /** Sends an action to the device without recording it. */
  input: method(z.object({ serial: Serial, action: ActionSchema }).strict()).returns<null>(),
  /** `adb connect host:port` for a phone on the network. */
  connect: method(z.object({ host: z.string().min(1), port: z.number().int().min(1).max(65535) }).strict()).returns<string>(),
  /**
   * Starts (or keeps alive: call again within 20 s) the phone's live mirror. Frames are pushed as
   * onMirrorFrame: minicap's stream where the phone runs it, else screencap, the reason in the status.
   */
  mirrorStart: method(z.object({ serial: Serial, prefer: z.enum(['auto', 'screencap']).optional() }).strict()).returns<MirrorStatusDto>(),
  mirrorStop: method(SerialInput).returns<null>(),
  /** The built-in virtual phone started from the window: is it running, on which adb server. */
  virtualPhone: method(NoInput).returns<VirtualPhoneState>(),
  /** Starts the built-in virtual phone(s) in a process of their own; the device list watches them until stopped. */
  startVirtualPhone: method(
    z.object({ count: z.number().int().min(1).max(4).default(1), locale: z.enum(['en', 'zh']).default('zh') }).strict(),
  ).returns<VirtualPhoneState>(),
  stopVirtualPhone: method(NoInput).returns<VirtualPhoneState>(),
  /** The device farm: STF_URL and whether STF_TOKEN is set (in the backend's environment), and the devices claimed here. */
  stf: method(NoInput).returns<StfState>(),
  /** A farm's devices and whether each can be claimed (the token comes from STF_TOKEN). */
  stfDevices: method(StfUrlInput).returns<StfDeviceDto[]>(),
  /** Claims a farm device and connects it through the first adb server; it joins the device list. */
  stfClaim: method(StfUrlInput.extend({ serial: z.string().min(1).max(200) }).strict()).returns<StfState>(),
  /** Gives a device claimed here back to the farm. */
  stfRelease: method(StfUrlInput.extend({ serial: z.string().min(1).max(200) }).strict()).returns<StfState>(),
  onChanged: event<DevicesState>(),
  onMirrorFrame: event<MirrorFrameDto>(),
  onMirrorStatus: event<MirrorStatusDto>(),
};

export const recordingContract = {
  /**
   * Runs the task's setup on the device and opens a demonstration. With `fromDevice` the annotator
   * operates the phone itself: each gesture she makes there becomes a step (pushed as onStep).
   */
  start: method(
    z.object({ taskId: TaskIdSchema, serial: Serial, fromDevice: z.boolean().optional() }).strict(),
  ).returns<DemonstrationView>(),
  /** Records one step: observation, then the action performed on the device. */
  act: method(z.object({ demonstrationId: z.number().int().positive(), action: ActionSchema }).strict()).returns<StepView>(),
  undo: method(DemoInput).returns<DemonstrationView>(),
  finish: method(DemoInput).returns<DemonstrationView>(),
  discard: method(DemoInput).returns<DemonstrationView>(),
  note: method(z.object({ demonstrationId: z.number().int().positive(), note: z.string().max(10_000) }).strict()).returns<null>(),
  get: method(DemoInput).returns<DemonstrationView>(),
  listForTask: method(z.object({ taskId: TaskIdSchema }).strict()).returns<DemonstrationSummary[]>(),
  onStep: event<StepRecorded>(),
  /** Pushed while a step is captured (slow on real phones): which parts arrived, and when it is done. */
  onCapture: event<CaptureProgress>(),
  /** A step's screenshot and thumbnail are stored (encoded after the step, off the input path). */
  onStepSaved: event<StepSaved>(),
};

export interface GraphDetail {
  summary: GraphSummary;
  graph: TaskGraph;
  versions: { version: number; createdAt: string }[];
  /** The latest probe of this version, every variant with both verdicts; null when never probed. */
  probe: ProbeTaskResult | null;
}

export const graphsContract = {
  /** The latest graph of every task that has one. */
  list: method(NoInput).returns<GraphSummary[]>(),
  get: method(z.object({ taskId: TaskIdSchema, version: z.number().int().positive().optional() }).strict()).returns<GraphDetail>(),
  /** Merges the task's finished demonstrations into a new graph version and validates it. */
  build: method(z.object({ taskId: TaskIdSchema }).strict()).returns<GraphSummary>(),
  /** Applies one edit to a version and saves the result as a new version. */
  edit: method(
    z.object({ taskId: TaskIdSchema, version: z.number().int().positive(), edit: GraphEditSchema }).strict(),
  ).returns<GraphSummary>(),
  /**
   * Marks the recorded taps behind an edge: other options of the group would do as well ('any', or the
   * labels of those that would; null: only as demonstrated). Saved with the demonstrations; the graph is
   * rebuilt as a new version and probed structurally.
   */
  markAlternatives: method(
    z
      .object({
        taskId: TaskIdSchema,
        edge: z.string().min(1),
        alternatives: z.union([z.literal('any'), z.array(z.string().min(1)).min(1), z.null()]),
      })
      .strict(),
  ).returns<GraphSummary>(),
  /**
   * Probes the latest graph: variants played on `device` when given (wrong variants send, pay and delete
   * for real, so `allowSideEffects` must be true), else the device-free structural probe.
   */
  probe: method(
    z.object({ taskId: TaskIdSchema, device: Serial.optional(), allowSideEffects: z.boolean().default(false) }).strict(),
  ).returns<ProbeTaskResult>(),
  /** Makes an earlier version the latest again: saved as a new version with the same graph, validated anew. */
  restore: method(z.object({ taskId: TaskIdSchema, version: z.number().int().positive() }).strict()).returns<GraphSummary>(),
};

const OffGraphRefSchema = z
  .object({ runId: z.string().min(1), taskId: TaskIdSchema, agent: z.string().min(1), step: z.number().int().min(0) })
  .strict();

/** What replaying an off-graph action on a phone started: a branch demonstration, open in the recorder. */
export interface BranchStartDto {
  demonstration: DemonstrationView;
  decision: GrowthDecision;
  /** Demonstration actions replayed before the agent's. */
  replayed: number;
  /** Whether the phone showed the node's page before the agent's action. */
  arrived: { same: boolean; reason: string };
}

/** Graphs that grow where agents go: off-graph actions of runs, branches, known-wrong marks, accepted routes. */
export const offGraphContract = {
  /** Every off-graph action of a run's offline results, by task and node, grouped by what the agent did. */
  list: method(z.object({ runId: z.string().min(1), taskId: TaskIdSchema.optional() }).strict()).returns<OffGraphReport>(),
  /**
   * Replays the demonstration's way to the node on `serial` from the task's setup, applies the agent's action
   * and leaves the demonstration open in the recorder (continue it on the Record screen, or mark the action
   * wrong). The agent's action is played for real, so `allowSideEffects` must be true.
   */
  replay: method(OffGraphRefSchema.extend({ serial: Serial, allowSideEffects: z.boolean() }).strict()).returns<BranchStartDto>(),
  /** Marks the action wrong at its node; the graph gets a new version carrying the mark. */
  markWrong: method(OffGraphRefSchema.extend({ note: z.string().max(2000).default('') }).strict()).returns<{
    decision: GrowthDecision;
    summary: GraphSummary;
    /** False when the node is not in the task's latest graph version (the mark then waits for a rebuild that has it). */
    attached: boolean;
  }>(),
  /** Re-scores the run's offline results whose task has a newer graph version (see `elderbench run rescore`). */
  rescore: method(z.object({ runId: z.string().min(1) }).strict()).returns<RescoreSummary>(),
  /**
   * The right routes the task's graph does not know, found by exploring its app (on a virtual phone of the
   * explorer's own); `unavailable` when this backend has no explorer.
   */
  proposeRoutes: method(z.object({ taskId: TaskIdSchema }).strict()).returns<{ proposer: string; routes: ProposedRoute[] }>(),
  /** Records proposed routes as demonstrations on `serial` (each checked by the task's checks there), then rebuilds. */
  acceptRoutes: method(
    z.object({ serial: Serial, allowSideEffects: z.boolean(), routes: z.array(ProposedRouteSchema).min(1).max(500) }).strict(),
  ).returns<AcceptRoutesResult>(),
};

export const StartRunSchema = z
  .object({
    mode: z.enum(['offline', 'online', 'both']),
    agents: z.array(z.string().min(1)).min(1, 'choose at least one agent'),
    taskIds: z.array(TaskIdSchema).min(1, 'choose at least one task'),
    devices: z.array(Serial).default([]),
    judge: z.enum(JUDGE_KINDS).default('rule'),
    judgeAgent: z.string().optional(),
    instruction: z.enum(['original', 'normalized']).default('original'),
    /** Who answers the agents' questions (the run spec checks the combinations). */
    user: z.enum(USER_MODES).default('none'),
    userAgent: z.string().min(1).optional(),
    /** A robustness variant for online runs. */
    variant: z.enum(VARIANTS).optional(),
  })
  .strict();

/** A run bundle written: where, its size, and what it holds. */
export interface RunBundleExportDto {
  runId: string;
  file: string;
  bytes: number;
  results: number;
  steps: number;
  images: number;
  /** Secret values found in texts and replaced (0 when none). */
  redactions: number;
}

export const runsContract = {
  list: method(NoInput).returns<RunSummaryDto[]>(),
  /** Agents that can be run: built-ins, the workspace's agents.json, and "replay". */
  agents: method(NoInput).returns<
    {
      name: string;
      adapter: string;
      description: string;
      ready: boolean;
      problem: string | null;
      /** A workspace entry that would send this variable to this origin (scheme://host:port), waiting for the user's approval. */
      approval: { variable: string; origin: string } | null;
    }[]
  >(),
  /** The user approves (on this machine) that a workspace agent entry sends its key variable to its origin. */
  approveAgent: method(z.object({ name: z.string().min(1) }).strict()).returns<{ agent: string; variable: string; origin: string }>(),
  /** Starts a run in the backend and returns at once; progress arrives as onProgress. */
  start: method(StartRunSchema).returns<{ runId: string }>(),
  resume: method(z.object({ runId: z.string().min(1) }).strict()).returns<{ runId: string }>(),
  cancel: method(z.object({ runId: z.string().min(1) }).strict()).returns<null>(),
  /**
   * Table 2 and the breakdowns. `excludeUnresolved` leaves each agent's unresolved results out of its
   * SR (agents are then scored on different task sets; the default SR over N is the comparable one).
   */
  report: method(z.object({ runId: z.string().min(1), excludeUnresolved: z.boolean().optional() }).strict()).returns<RunReportDto>(),
  /** SR by agent and by category, and exit categories, as backend-rendered charts. */
  charts: method(z.object({ runId: z.string().min(1) }).strict()).returns<RunChartDto[]>(),
  /**
   * Writes the run as a bundle (docs/run-bundle.md) into the workspace's exports/ folder, replacing an earlier export
   * of the same run; returns the file and what it holds. `elderbench import-run FILE` loads it elsewhere.
   */
  exportBundle: method(z.object({ runId: z.string().min(1) }).strict()).returns<RunBundleExportDto>(),
  onProgress: event<RunProgressDto>(),
};

const ReviewKeySchema = z
  .object({ runId: z.string().min(1), taskId: TaskIdSchema, agent: z.string().min(1), mode: z.enum(['online', 'offline']) })
  .strict();

export const reviewContract = {
  /** Every (task, agent, mode) result of a run with its annotations and label; the screen filters it. */
  tasks: method(z.object({ runId: z.string().min(1) }).strict()).returns<ReviewTaskRow[]>(),
  trajectory: method(ReviewKeySchema).returns<Trajectory>(),
  /** Saves a reviewer's label (failure category, verdict override, notes); the latest write wins. */
  label: method(
    ReviewKeySchema.extend({
      failureCategory: z.string().max(100).nullable(),
      humanVerdict: z.enum(['success', 'failure']).nullable(),
      notes: z.string().max(10_000),
    }).strict(),
  ).returns<null>(),
  /** Table 4 and judge agreement, recomputed from the labels. */
  summary: method(z.object({ runId: z.string().min(1) }).strict()).returns<ReviewSummary>(),
  compare: method(z.object({ runA: z.string().min(1), runB: z.string().min(1) }).strict()).returns<RunComparisonRow[]>(),
};

export interface AnalysisView {
  tables: TableModel[];
  /** Charts rendered by the backend as SVG (Chinese labels as glyphs); shown as images. */
  charts: { id: string; title: string; svg: string }[];
  notes: string[];
}

const RunsInput = z.object({ runs: z.array(z.string().min(1)).min(1, 'choose at least one run'), agent: z.string().optional() }).strict();

export const analysisContract = {
  linguistics: method(z.object({ taskSet: z.string().optional(), baselineSet: z.string().optional() }).strict()).returns<AnalysisView>(),
  normalization: method(
    z.object({ original: z.string().min(1), rewritten: z.string().min(1), agent: z.string().optional() }).strict(),
  ).returns<AnalysisView>(),
  failures: method(RunsInput).returns<AnalysisView>(),
  attribution: method(RunsInput).returns<AnalysisView>(),
  /** The verb annotations of a task set (default: every task): proposal, a person's decision, the source that counts. */
  verbs: method(z.object({ taskSet: z.string().optional() }).strict()).returns<VerbAnnotationRow[]>(),
  /** A person accepts or edits one instruction's core verbs; from then on they are its verb count. */
  acceptVerbs: method(
    z.object({ taskId: TaskIdSchema, verbs: z.array(z.string().trim().min(1, 'a verb is empty').max(40)).max(30) }).strict(),
  ).returns<VerbAnnotationRow>(),
};

export const apiContract = {
  system: systemContract,
  workspace: workspaceContract,
  settings: settingsContract,
  tasks: tasksContract,
  devices: devicesContract,
  recording: recordingContract,
  graphs: graphsContract,
  offGraph: offGraphContract,
  runs: runsContract,
  review: reviewContract,
  analysis: analysisContract,
} as const;

export type ApiContract = typeof apiContract;
export type ServiceName = keyof ApiContract;
