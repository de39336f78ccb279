import { describe, expect, it } from 'vitest';
import { TASK_LIMITS } from '../../../shared/schemas/task.js';
import { validTask } from '../../../test/support/fixtures.js';
import { parseTaskFile } from './parse-task-file.js';
import { TaskFileError } from './task-file-error.js';

const set = (tasks: unknown[]): string => JSON.stringify({ format: 'elderbench.tasks/1', name: 's', tasks });

function problems(file: string, text: string): string {
  try {
    parseTaskFile(file, text);
  } catch (e) {
    if (e instanceof TaskFileError) return e.message;
    throw e;
  }
  throw new Error('expected a TaskFileError');
}

describe('task files from elsewhere', () => {
  it('accepts a JSON or JSONL file that starts with a UTF-8 byte-order mark (Windows editors write one)', () => {
    expect(parseTaskFile('bom.json', `\uFEFF${set([validTask()])}`).tasks).toHaveLength(1);
    expect(parseTaskFile('bom.jsonl', `\uFEFF${JSON.stringify(validTask())}\n`).tasks).toHaveLength(1);
  });

  it('names the file, task and field of every value over its size limit', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const msg = problems(
      'big.json',
      set([
        validTask({ id: 'a', instruction: long(TASK_LIMITS.text) }),
        validTask({ id: 'b', setup: Array.from({ length: TASK_LIMITS.setupCommands + 1 }, () => 'true') }),
        validTask({ id: 'c', success_checks: [{ probe: long(TASK_LIMITS.command), expect: { equals: '1' } }] }),
        validTask({ id: 'd', success_checks: [{ probe: 'x', expect: { regex: long(TASK_LIMITS.regex) } }] }),
        validTask({ id: 'e', tags: [long(TASK_LIMITS.label)] }),
      ]),
    );
    expect(msg).toContain(`big.json: #1, task "a", field "instruction": the instruction is longer than ${TASK_LIMITS.text} characters`);
    expect(msg).toContain(`#2, task "b", field "setup": at most ${TASK_LIMITS.setupCommands} setup commands`);
    expect(msg).toContain('#3, task "c", field "success_checks.0.probe": probe is longer than');
    expect(msg).toContain('#4, task "d", field "success_checks.0.expect.regex": regex is longer than 500 characters');
    expect(msg).toContain('#5, task "e", field "tags.0": a tag is longer than');
  });

  it('refuses a file with more tasks, or more bytes, than a task set may have', () => {
    const many = Array.from({ length: TASK_LIMITS.tasksPerFile + 1 }, (_, i) => JSON.stringify(validTask({ id: `t${i}` }))).join('\n');
    expect(problems('many.jsonl', many)).toMatch(/holds 10001 tasks, more than 10000; split it/);
    expect(problems('huge.json', ' '.repeat(TASK_LIMITS.fileBytes + 1))).toMatch(/larger than 20 MiB/);
  });

  it('reports JSON syntax errors by place, without quoting the file', () => {
    const msg = problems('broken.json', '{"format": "elderbench.tasks/1", "name": secret-words-here}');
    expect(msg).toMatch(/broken\.json: not valid JSON at line 1, column \d+/);
    expect(msg).not.toContain('secret-words');
  });
});
