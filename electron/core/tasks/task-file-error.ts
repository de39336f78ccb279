export interface TaskFileIssue {
  /** 1-based position of the task in the file (line for JSONL/CSV rows, index+1 for JSON). */
  position: number | null;
  taskId: string | null;
  /** Dotted field path, e.g. `annotations.semantic`; empty for file-level problems. */
  field: string;
  message: string;
}

/** A task file that cannot be imported; carries every problem found, not just the first. */
export class TaskFileError extends Error {
  override readonly name = 'TaskFileError';
  constructor(
    readonly file: string,
    readonly issues: TaskFileIssue[],
  ) {
    super(formatIssues(file, issues));
  }
}

export function formatIssue(file: string, i: TaskFileIssue): string {
  const where = [
    i.position !== null ? `#${i.position}` : null,
    i.taskId !== null ? `task "${i.taskId}"` : null,
    i.field ? `field "${i.field}"` : null,
  ].filter(Boolean);
  return `${file}${where.length ? `: ${where.join(', ')}` : ''}: ${i.message}`;
}

function formatIssues(file: string, issues: TaskFileIssue[]): string {
  const shown = issues.slice(0, 20).map((i) => formatIssue(file, i));
  if (issues.length > 20) shown.push(`… and ${issues.length - 20} more problems`);
  return shown.join('\n');
}
