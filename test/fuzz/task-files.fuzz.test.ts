import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../shared/schemas/task.js';
import { parseTaskFile } from '../../electron/core/tasks/parse-task-file.js';
import { TaskFileError } from '../../electron/core/tasks/task-file-error.js';
import { STARTER_CSV, STARTER_TASKS } from '../support/fixtures.js';
import { FUZZ_SCALE, fuzzParams } from './fuzz-config.js';

const STARTER = JSON.parse(readFileSync(STARTER_TASKS, 'utf8')) as { tasks: Record<string, unknown>[] };
const CSV = readFileSync(STARTER_CSV, 'utf8');

/** A valid task with one field replaced, removed or added: what a hand-edited file looks like. */
const mutatedTask = fc
  .tuple(
    fc.constantFrom(...STARTER.tasks),
    fc.constantFrom(
      'id',
      'instruction',
      'lang',
      'app',
      'package',
      'mode',
      'annotations',
      'setup',
      'success_checks',
      'max_steps',
      'timeout_s',
      'tags',
      'extra',
    ),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined), fc.string({ maxLength: 3000 })),
  )
  .map(([task, key, value]) => {
    const t: Record<string, unknown> = structuredClone(task);
    if (value === undefined) delete t[key];
    else t[key] = value;
    return t;
  });

/** Turns a text into a damaged copy: bytes cut, inserted or replaced at random places. */
const damaged = (text: string) =>
  fc.array(fc.tuple(fc.nat(text.length), fc.nat(8), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 6 }).map((edits) => {
    let s = text;
    for (const [at, cut, insert] of edits) s = s.slice(0, at) + insert + s.slice(at + cut);
    return s;
  });

function parsesOrExplains(file: string, text: string): void {
  try {
    const r = parseTaskFile(file, text);
    for (const t of r.tasks) expect(TaskSchema.safeParse(t).success).toBe(true);
  } catch (e) {
    // The only acceptable failure: a TaskFileError naming the file.
    expect(e, String(e)).toBeInstanceOf(TaskFileError);
    expect((e as TaskFileError).message.startsWith(file)).toBe(true);
  }
}

describe('fuzz: task files', () => {
  it(
    'mutated tasks in JSON, JSONL and set form either validate completely or fail with the file named',
    () => {
      fc.assert(
        fc.property(fc.array(mutatedTask, { minLength: 1, maxLength: 4 }), fc.constantFrom('set', 'array', 'jsonl'), (tasks, form) => {
          const text =
            form === 'jsonl'
              ? tasks.map((t) => JSON.stringify(t)).join('\n')
              : JSON.stringify(form === 'set' ? { format: 'elderbench.tasks/1', name: 'fuzz', tasks } : tasks);
          parsesOrExplains(form === 'jsonl' ? 'f.jsonl' : 'f.json', text);
        }),
        fuzzParams(400),
      );
    },
    120_000 * FUZZ_SCALE,
  );

  it(
    'damaged bytes in a JSON or CSV task file never escape as another kind of error',
    () => {
      const json = readFileSync(STARTER_TASKS, 'utf8');
      fc.assert(
        fc.property(damaged(json), (text) => parsesOrExplains('f.json', text)),
        fuzzParams(400),
      );
      fc.assert(
        fc.property(damaged(CSV), (text) => parsesOrExplains('f.csv', text)),
        fuzzParams(400),
      );
    },
    120_000 * FUZZ_SCALE,
  );
});
