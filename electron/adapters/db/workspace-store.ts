import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BlobStore } from '../blobs/blob-store.js';
import type { Db } from './connection.js';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';
import { BlobsRepo } from './repositories/blobs-repo.js';
import { DemonstrationsRepo } from './repositories/demonstrations-repo.js';
import { GraphsRepo } from './repositories/graphs-repo.js';
import { LabelsRepo } from './repositories/labels-repo.js';
import { RunsRepo } from './repositories/runs-repo.js';
import { SettingsRepo } from './repositories/settings-repo.js';
import { TasksRepo } from './repositories/tasks-repo.js';
import { VerbAnnotationsRepo } from './repositories/verb-annotations-repo.js';

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
  readonly graphs: GraphsRepo;
  readonly runs: RunsRepo;
  readonly labels: LabelsRepo;
  readonly verbAnnotations: VerbAnnotationsRepo;
  readonly blobs: BlobStore;

  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly schemaVersion: number,
  ) {
    this.settings = new SettingsRepo(db);
    this.tasks = new TasksRepo(db);
    this.blobIndex = new BlobsRepo(db);
    this.demonstrations = new DemonstrationsRepo(db);
    this.graphs = new GraphsRepo(db);
    this.runs = new RunsRepo(db);
    this.labels = new LabelsRepo(db);
    this.verbAnnotations = new VerbAnnotationsRepo(db);
    this.blobs = new BlobStore(join(path, BLOBS_DIR));
  }

  /** Opens the folder as a workspace, creating and migrating it as needed. */
  static open(folder: string): WorkspaceStore {
    const path = resolve(folder);
    mkdirSync(path, { recursive: true });
    const dbFile = join(path, DB_FILE);
    const db = openDatabase(dbFile);
    try {
      const version = migrate(db, undefined, dbFile);
      return new WorkspaceStore(path, db, version);
    } catch (e) {
      db.close();
      throw e;
    }
  }

  /** Stores bytes in the blob store and indexes them; identical bytes are stored once. */
  async putBlob(bytes: Uint8Array, mediaType: string): Promise<{ id: string; created: boolean }> {
    const r = await this.blobs.put(bytes);
    this.blobIndex.record(r.id, r.size, mediaType);
    return { id: r.id, created: r.created };
  }

  integrityCheck(): string {
    return this.db.pragma('integrity_check', { simple: true }) as string;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
