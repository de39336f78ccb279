import type { ElderBenchHandlers } from '../../shared/api/index.js';
import { WorkspaceStore } from '../adapters/db/workspace-store.js';
import { RecentWorkspaces } from '../adapters/system/recent-workspaces.js';
import type { Dispatch } from './dispatch.js';
import { createDispatch } from './dispatch.js';
import { EventBus } from './event-bus.js';
import type { ServiceContext } from './service-context.js';
import { readSettings, settingsService } from './workspace/settings-service.js';
import { DeviceHub } from './devices/device-hub.js';
import { StfDesk } from './devices/stf-desk.js';
import { VirtualPhoneRunner } from './devices/virtual-phone-runner.js';
import { devicesService } from './devices/devices-service.js';
import { FrameCache } from './devices/frame-cache.js';
import { MirrorHub } from './devices/mirror-hub.js';
import { RecordingSessions, recordingService, stepView } from './recording/recording-service.js';
import { CaptureSaver } from './recording/capture-saver.js';
import { graphsService } from './graphs/graphs-service.js';
import { growAfterFinish, offGraphService } from './growth/off-graph-service.js';
import type { RouteProposer } from './growth/route-proposer.js';
import { explorationProposer } from './growth/route-proposer.js';
import { runsService } from './runs/runs-service.js';
import { workspaceOverview } from './workspace/workspace-overview.js';
import { analysisService } from './analysis/analysis-service.js';
import { reviewService } from './review/review-service.js';
import { tasksService } from './workspace/tasks-service.js';
import { workspaceInfo, workspaceService } from './workspace/workspace-service.js';
import { APP_VERSION } from './version.js';

export interface BackendOptions {
  workspace: string;
  userDataDir: string;
  /** host:port of the adb server; overrides the workspace setting (CLI --adb). */
  adbServer?: string;
  log?: (message: string) => void;
  /** Proposes routes a task's graph does not know (the Graphs screen accepts them in bulk); exploration by default. */
  routeProposer?: RouteProposer;
}

/**
 * The plain-Node backend: owns the open workspace and implements every API
 * handler. The CLI, web mode, the Electron shell and the tests all use this one object.
 */
export class Backend {
  readonly events = new EventBus();
  readonly dispatch: Dispatch;
  readonly handlers: ElderBenchHandlers;
  /** Mirror frames stream at up to tens per second: keep enough that a window fetching one has not lost it. */
  readonly frames = new FrameCache(64);
  readonly devices: DeviceHub;
  readonly mirrors: MirrorHub;
  /** The virtual phone the window starts and stops (Devices screen). */
  readonly phone: VirtualPhoneRunner;
  /** Farm devices claimed from the window. */
  readonly stf: StfDesk;
  readonly recordings: RecordingSessions;
  /** Encodes recorded steps' screenshots after they were committed raw (one queue for the window, the CLI and the demo). */
  readonly captures: CaptureSaver;
  private store: WorkspaceStore;
  private readonly recent: RecentWorkspaces;

  constructor(private readonly options: BackendOptions) {
    const log = options.log ?? (() => {});
    this.recent = new RecentWorkspaces(options.userDataDir);
    this.store = WorkspaceStore.open(options.workspace);
    this.captures = new CaptureSaver(
      () => this.store,
      (step) => this.events.emit('recording', 'onStepSaved', { demonstrationId: step.demonstrationId, step: stepView(step) }),
      log,
    );
    this.recoverFromCrash(log);
    this.recent.add(this.store.path);
    const ctx: ServiceContext = {
      store: () => this.store,
      events: this.events,
      log,
      appVersion: APP_VERSION,
      userDataDir: options.userDataDir,
    };
    this.devices = new DeviceHub(options.adbServer ?? readSettings(ctx).adbServer, this.events, options.userDataDir);
    this.phone = new VirtualPhoneRunner(
      (address) => this.devices.addServer(address),
      (address) => this.devices.removeServer(address),
    );
    this.stf = new StfDesk(
      () => this.store,
      () => this.devices.primary,
      log,
    );
    this.recordings = new RecordingSessions(ctx, this.devices, this.captures);
    this.recordings.afterFinish = growAfterFinish(ctx, this.devices);
    this.mirrors = new MirrorHub(this.devices, this.frames, this.events, log);
    // The device hub follows the setting unless the command line pinned a server.
    if (!options.adbServer) {
      this.events.subscribe((e) => {
        if (e.channel === 'settings.onChanged') this.devices.setAddress((e.payload as { adbServer: string }).adbServer);
      });
    }
    this.handlers = {
      system: {
        info: () => ({
          appVersion: APP_VERSION,
          workspace: this.store.path,
          node: process.version,
          schemaVersion: this.store.schemaVersion,
        }),
      },
      workspace: {
        ...workspaceService({
          current: () => this.store,
          switchTo: (folder) => this.switchWorkspace(folder),
          recent: () => this.recent.list(),
        }),
        overview: async () => workspaceOverview(this.store, await this.handlers.graphs.list({})),
      },
      settings: settingsService(ctx),
      tasks: tasksService(ctx),
      devices: devicesService(this.devices, this.frames, this.phone, this.stf, this.mirrors, () => this.store),
      recording: recordingService(ctx, this.recordings),
      graphs: graphsService(ctx, (serial) => this.devices.device(serial)),
      offGraph: offGraphService(ctx, this.recordings, this.devices, options.routeProposer ?? explorationProposer),
      runs: runsService(ctx, this.devices),
      review: reviewService(ctx),
      analysis: analysisService(ctx),
    };
    this.dispatch = createDispatch(() => this.handlers, log);
  }

  get workspace(): WorkspaceStore {
    return this.store;
  }

  /** A demonstration still 'recording' in a fresh process was cut off by a crash: mark it interrupted. */
  private recoverFromCrash(log: (m: string) => void): void {
    // Read-only (no permission, or a full disk): nothing to recover here; the surfaces say so (WorkspaceInfo, the CLI).
    if (this.store.readOnly) return;
    // Only recordings whose lease has expired: another process recording right now holds its lease.
    const store = this.store;
    const n = store.demonstrations.interruptDangling((id) => store.leases.holder('demonstration', String(id)) !== null);
    if (n > 0) log(`marked ${n} demonstration(s) left open by a previous crash as interrupted`);
    // Steps committed raw by a process that died before encoding them: encode them now, in the background.
    const pending = this.store.pendingCaptures.count();
    if (pending > 0) {
      log(`storing the screenshots of ${pending} recorded step(s) a previous process left unencoded`);
      this.captures.schedule();
    }
  }

  private switchWorkspace(folder: string): WorkspaceStore {
    if ([...this.recordings.active.values()].some((r) => r.state === 'recording')) {
      throw new Error('a demonstration is being recorded; finish or discard it before switching workspace');
    }
    const next = WorkspaceStore.open(folder);
    const prev = this.store;
    this.store = next;
    if (prev.path !== next.path) prev.close();
    this.recent.add(next.path);
    this.recoverFromCrash(() => {});
    const info = workspaceInfo(next);
    this.events.emit('workspace', 'onChanged', info);
    this.events.emit('system', 'onDataChanged', { table: 'workspace' });
    return next;
  }

  /** Gives back farm devices claimed from the window, then closes (the serve command's orderly stop). */
  async shutdown(): Promise<void> {
    await this.stf.releaseAll();
    this.close();
  }

  close(): void {
    void this.mirrors.close();
    this.captures.close();
    this.phone.close();
    this.devices.close();
    this.store.close();
  }
}
