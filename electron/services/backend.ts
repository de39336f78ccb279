import type { ElderBenchHandlers } from '../../shared/api/index.js';
import { WorkspaceStore } from '../adapters/db/workspace-store.js';
import { RecentWorkspaces } from '../adapters/system/recent-workspaces.js';
import type { Dispatch } from './dispatch.js';
import { createDispatch } from './dispatch.js';
import { EventBus } from './event-bus.js';
import type { ServiceContext } from './service-context.js';
import { settingsService } from './settings-service.js';
import { tasksService } from './tasks-service.js';
import { workspaceInfo, workspaceService } from './workspace-service.js';
import { APP_VERSION } from './version.js';

export interface BackendOptions {
  workspace: string;
  userDataDir: string;
  log?: (message: string) => void;
}

/**
 * The plain-Node backend: owns the open workspace and implements every API
 * handler. The CLI, web mode, the Electron shell and the tests all use this one object.
 */
export class Backend {
  readonly events = new EventBus();
  readonly dispatch: Dispatch;
  readonly handlers: ElderBenchHandlers;
  private store: WorkspaceStore;
  private readonly recent: RecentWorkspaces;

  constructor(private readonly options: BackendOptions) {
    const log = options.log ?? (() => {});
    this.recent = new RecentWorkspaces(options.userDataDir);
    this.store = WorkspaceStore.open(options.workspace);
    this.recent.add(this.store.path);
    const ctx: ServiceContext = { store: () => this.store, events: this.events, log, appVersion: APP_VERSION };
    this.handlers = {
      system: {
        info: () => ({
          appVersion: APP_VERSION,
          workspace: this.store.path,
          node: process.version,
          schemaVersion: this.store.schemaVersion,
        }),
      },
      workspace: workspaceService({
        current: () => this.store,
        switchTo: (folder) => this.switchWorkspace(folder),
        recent: () => this.recent.list(),
      }),
      settings: settingsService(ctx),
      tasks: tasksService(ctx),
      devices: {},
      recording: {},
      graphs: {},
      runs: {},
      review: {},
      analysis: {},
    };
    this.dispatch = createDispatch(() => this.handlers, log);
  }

  get workspace(): WorkspaceStore {
    return this.store;
  }

  private switchWorkspace(folder: string): WorkspaceStore {
    const next = WorkspaceStore.open(folder);
    const prev = this.store;
    this.store = next;
    if (prev.path !== next.path) prev.close();
    this.recent.add(next.path);
    const info = workspaceInfo(next);
    this.events.emit('workspace.onChanged', info);
    this.events.emit('system.onDataChanged', { table: 'workspace' });
    return next;
  }

  close(): void {
    this.store.close();
  }
}
