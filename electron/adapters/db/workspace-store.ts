import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireAllowedMediaType } from '../blobs/blob-types.js';
import { BlobStore } from '../blobs/blob-store.js';
import type { Db } from './connection.js';
import { openDatabase, openReadOnly } from './connection.js';
import { migrate, verifySchema } from './migrate.js';
import type { ReadOnlyReason } from './read-only-error.js';
import { freeBytes, isDiskFull, MIN_FREE_BYTES, ReadOnlyWorkspaceError } from './read-only-error.js';
import { BlobsRepo } from './repositories/blobs-repo.js';
import { DemonstrationsRepo } from './repositories/demonstrations-repo.js';
import { PendingCapturesRepo } from './repositories/pending-captures-repo.js';
import { GraphsRepo } from './repositories/graphs-repo.js';
import { GraphProbesRepo } from './repositories/graph-probes-repo.js';
import { LabelsRepo } from './repositories/labels-repo.js';
import { OffGraphRepo } from './repositories/off-graph-repo.js';
import { RunsRepo } from './repositories/runs-repo.js';
import { SettingsRepo } from './repositories/settings-repo.js';
import { TasksRepo } from './repositories/tasks-repo.js';
import { canWrite, checkDatabaseFile, checkOwnSchema, createDatabaseFile, WorkspaceFileError } from './workspace-file.js';
import { VerbAnnotationsRepo } from './repositories/verb-annotations-repo.js';
import { LeasesRepo } from './repositories/leases-repo.js';
import { errorMessage } from '../../../shared/error-message.js';

export const DB_FILE = 'elderbench.db';
export const BLOBS_DIR = 'blobs';

/**
 * One workspace = one folder: `elderbench.db` + `blobs/`. The only owner of the
 * database connection; everything else goes through its typed repositories.
 */
export class WorkspaceStore {
  readonly settings: SettingsRepo;
  readonly tasks: TasksRepo;
  readonly blobIndex: BlobsRepo;
  readonly demonstrations: DemonstrationsRepo;
  readonly pendingCaptures: PendingCapturesRepo;
  readonly graphs: GraphsRepo;
  readonly graphProbes: GraphProbesRepo;
  readonly runs: RunsRepo;
  readonly labels: LabelsRepo;
  readonly verbAnnotations: VerbAnnotationsRepo;
  /** Live runs and recordings, held by the process doing them (migration 14). */
  readonly leases: LeasesRepo;
  readonly offGraph: OffGraphRepo;
  readonly blobs: BlobStore;

  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly schemaVersion: number,
    /** Why it was opened without write access (listing, reviewing and exporting work; every change is refused), or null. */
    readonly readOnlyReason: ReadOnlyReason | null,
  ) {
    const readOnly = readOnlyReason !== null;
    this.settings = new SettingsRepo(db);
    this.tasks = new TasksRepo(db);
    this.blobIndex = new BlobsRepo(db);
    this.demonstrations = new DemonstrationsRepo(db);
    this.pendingCaptures = new PendingCapturesRepo(db);
    this.graphs = new GraphsRepo(db);
    this.graphProbes = new GraphProbesRepo(db);
    this.runs = new RunsRepo(db);
    this.labels = new LabelsRepo(db);
    this.verbAnnotations = new VerbAnnotationsRepo(db);
    this.leases = new LeasesRepo(db);
    this.offGraph = new OffGraphRepo(db);
    this.blobs = new BlobStore(join(path, BLOBS_DIR), { readOnly });
  }

  /** Opened without write access (see readOnlyReason). */
  get readOnly(): boolean {
    return this.readOnlyReason !== null;
  }

  /** The error for a change asked of this workspace while it is read-only. */
  readOnlyError(): ReadOnlyWorkspaceError {
    return new ReadOnlyWorkspaceError(this.path, this.readOnlyReason ?? 'permission');
  }

  /**
   * Opens the folder as a workspace, creating and migrating it as needed. A folder this
   * process cannot write opens read-only (and says so through `readOnly`), and so does one on a
   * full disk, where SQLite could not even open it for writing: reading must still work there.
   * A file named elderbench.db that is empty or not ours is refused, never recreated.
   */
  static open(folder: string): WorkspaceStore {
    const path = resolve(folder);
    const dbFile = join(path, DB_FILE);
    if (!existsSync(dbFile)) {
      try {
        mkdirSync(path, { recursive: true });
      } catch (e) {
        throw new WorkspaceFileError(`cannot create the workspace folder ${path}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
      }
      if (!canWrite(path, dbFile)) {
        throw new WorkspaceFileError(
          `${path} has no workspace yet and this user cannot write there, so none can be created; choose another folder.`,
        );
      }
      createDatabaseFile(dbFile, (db) => migrate(db, undefined, dbFile));
    }
    checkDatabaseFile(dbFile);
    if (!canWrite(path, dbFile)) return WorkspaceStore.openReadOnly(path, dbFile, 'permission');
    if ((freeBytes(path) ?? Infinity) < MIN_FREE_BYTES) return WorkspaceStore.openReadOnly(path, dbFile, 'disk-full');
    let db: Db;
    try {
      db = openDatabase(dbFile, { verify: (d) => checkOwnSchema(d, dbFile) });
    } catch (e) {
      // The disk filled up between the check and the open (SQLite says "disk I/O error" then).
      if (isDiskFull(e) || ((freeBytes(path) ?? Infinity) < MIN_FREE_BYTES && /^SQLITE_IOERR/.test((e as { code?: string }).code ?? ''))) {
        return WorkspaceStore.openReadOnly(path, dbFile, 'disk-full');
      }
      throw e;
    }
    try {
      const version = migrate(db, undefined, dbFile);
      return new WorkspaceStore(path, db, version, null);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  private static openReadOnly(path: string, dbFile: string, reason: ReadOnlyReason): WorkspaceStore {
    const { db } = openReadOnly(dbFile);
    try {
      checkOwnSchema(db, dbFile);
      const version = verifySchema(db, undefined, dbFile);
      return new WorkspaceStore(path, db, version, reason);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  /**
   * Stores bytes in the blob store and indexes them; identical bytes are stored once.
   * Only the media types the app itself produces are accepted (see blob-types.ts), so a
   * blob can never later be served as a page that runs script.
   */
  async putBlob(bytes: Uint8Array, mediaType: string): Promise<{ id: string; created: boolean }> {
    const type = requireAllowedMediaType(mediaType);
    if (this.readOnly) throw this.readOnlyError();
    const r = await this.blobs.put(bytes);
    this.blobIndex.record(r.id, r.size, type);
    return { id: r.id, created: r.created };
  }

  integrityCheck(): string {
    return this.db.pragma('integrity_check', { simple: true }) as string;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
