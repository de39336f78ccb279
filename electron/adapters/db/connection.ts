import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Opens the workspace database with the settings every connection must have.
 * WAL + synchronous=NORMAL: a committed transaction survives the app being killed
 * (the WAL is in the OS's hands), which is the crash model we promise; only a power
 * cut may drop the last few commits.
 */
export function openDatabase(file: string, options: { readonly?: boolean } = {}): Db {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  if (!options.readonly) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
