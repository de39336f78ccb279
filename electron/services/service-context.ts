import type { WorkspaceStore } from '../adapters/db/workspace-store.js';
import type { EventBus } from './event-bus.js';

/** What every service gets: the open workspace (which can change), the event bus, a logger. */
export interface ServiceContext {
  store(): WorkspaceStore;
  events: EventBus;
  log(message: string): void;
  appVersion: string;
  /** The per-user folder (recent workspaces, agent approvals): never inside a workspace. */
  userDataDir?: string;
}
