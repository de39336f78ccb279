import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';

/** Marks a folder as an ElderBench report, so writing a new report may replace it (and nothing else). */
export const REPORT_MARKER = '.elderbench-report';

/**
 * A report folder written all at once: files go to a hidden staging folder beside the
 * target, which replaces the target only when complete. A failure (or Ctrl+C) leaves
 * the previous report, or nothing, never half a report. A folder that holds anything
 * else is never overwritten.
 */
export class ReportFolder {
  private bytes = 0;
  private files = 0;

  private constructor(
    readonly target: string,
    private readonly staging: string,
  ) {}

  static async create(outDir: string): Promise<ReportFolder> {
    const target = resolve(outDir);
    if (existsSync(target)) {
      if (!statSync(target).isDirectory()) throw new Error(`--out ${outDir} is a file; give a folder for the report`);
      const entries = readdirSync(target);
      if (entries.length > 0 && !entries.includes(REPORT_MARKER)) {
        throw new Error(`--out ${outDir} is not empty and does not hold an ElderBench report; choose an empty or new folder`);
      }
    }
    const staging = join(dirname(target), `.${basename(target)}.partial-${randomBytes(4).toString('hex')}`);
    await mkdir(staging, { recursive: true });
    return new ReportFolder(target, staging);
  }

  /** Writes one file at a path relative to the report's root (folders are created). */
  async write(rel: string, content: Uint8Array | string): Promise<void> {
    const file = join(this.staging, rel);
    if (!file.startsWith(this.staging + sep)) throw new Error(`not a path inside the report: ${rel}`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content);
    this.bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    this.files++;
  }

  get size(): { files: number; bytes: number } {
    return { files: this.files, bytes: this.bytes };
  }

  /** Puts the finished report in place of the target (replacing an older report there). */
  async commit(marker: string): Promise<void> {
    await this.write(REPORT_MARKER, marker);
    let old: string | null = null;
    if (existsSync(this.target)) {
      old = `${this.staging}.old`;
      await rename(this.target, old);
    }
    try {
      await rename(this.staging, this.target);
    } catch (e) {
      if (old) await rename(old, this.target);
      throw e;
    }
    if (old) await rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}
