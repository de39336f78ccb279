import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STARTER_CSV, STARTER_TASKS, validTask } from '../../../test/support/fixtures.js';
import { parseTaskFile } from './parse-task-file.js';
import { TaskFileError } from './task-file-error.js';

function issuesOf(file: string, text: string): TaskFileError {
  try {
    parseTaskFile(file, text);
  } catch (e) {
    if (e instanceof TaskFileError) return e;
    throw e;
  }
  throw new Error('expected a TaskFileError');
}

describe('parseTaskFile', () => {
  it('reads the documented JSON task-set format and fills defaults', () => {
    const parsed = parseTaskFile('starter.json', readFileSync(STARTER_TASKS, 'utf8'));
    expect(parsed.name).toBe('starter');
    expect(parsed.tasks).toHaveLength(2);
    expect(parsed.tasks[1]).toMatchObject({ id: 'phone-block-number', max_steps: 15, timeout_s: 120, setup: [] });
  });

  it('reads CSV with JSON and line-list cells', () => {
    const parsed = parseTaskFile('starter.csv', readFileSync(STARTER_CSV, 'utf8'));
    expect(parsed.tasks[0]).toMatchObject({
      id: 'csv-volume-up',
      setup: ['settings put system volume_music 3'],
      success_checks: [{ probe: 'settings get system volume_music' }],
      annotations: { semantic: 'Indirect Speech' },
    });
  });

  it('reads JSONL, one task per line', () => {
    const text = [JSON.stringify(validTask({ id: 'a' })), '', JSON.stringify(validTask({ id: 'b' }))].join('\n');
    expect(parseTaskFile('x.jsonl', text).tasks.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('names the file, the task and the field of every problem', () => {
    const text = JSON.stringify([
      validTask({ id: 'ok' }),
      validTask({ id: 'bad', annotations: { syntactic: 'Canonical', semantic: 'Vague', scenario: 'x' } }),
    ]);
    const e = issuesOf('tasks.json', text);
    expect(e.issues).toEqual([expect.objectContaining({ position: 2, taskId: 'bad', field: 'annotations.semantic' })]);
    expect(e.message).toMatch(/^tasks\.json: #2, task "bad", field "annotations\.semantic": /);
  });

  it('rejects duplicate ids, unknown fields, bad matchers and bad regexes', () => {
    const e = issuesOf(
      't.jsonl',
      [
        validTask({ id: 'a' }),
        validTask({ id: 'a' }),
        validTask({ id: 'b', colour: 'red' }),
        validTask({ id: 'c', success_checks: [{ probe: 'x', expect: { equals: '1', contains: '2' } }] }),
        validTask({ id: 'd', success_checks: [{ probe: 'x', expect: { regex: '(' } }] }),
      ]
        .map((t) => JSON.stringify(t))
        .join('\n'),
    );
    expect(e.issues.map((i) => [i.taskId, i.field])).toEqual([
      ['a', 'id'],
      ['b', ''],
      ['c', 'success_checks.0.expect'],
      ['d', 'success_checks.0.expect'],
    ]);
  });

  it('reads footprints and the identity, one-of and key-term matchers; refuses positions in a footprint and malformed paths', () => {
    const ok = parseTaskFile(
      't.json',
      JSON.stringify([
        validTask({
          id: 'ok',
          success_checks: [
            { probe: 'p', expect: { json_path: 'alarms[hour=7,minute=0].enabled', equals_json: false } },
            { probe: 'p', expect: { json_path: 'sent[to=1].text', terms: { required: [['周日', '星期天']], forbidden: ['周六'] } } },
            { probe: 'p', expect: { json_path: 'textZoom', one_of_json: [150, 200] } },
            { probe: 'p', expect: { json_path: 'opened', includes_json: 'bp-diet' } },
            { probe: 'p', expect: { json_path: 'orders[status=booked]', count: 1 } },
          ],
          footprint: [
            { at: 'packages', path: '"com.vphone.store.dance"', change: ['added'] },
            { at: 'settings/system', path: 'font_scale' },
          ],
        }),
      ]),
    );
    expect(ok.tasks[0]!.footprint).toHaveLength(2);
    const e = issuesOf(
      't.json',
      JSON.stringify([
        validTask({ id: 'a', footprint: [{ at: 'app/com.x.y', path: 'alarms.0' }] }),
        validTask({ id: 'b', footprint: [{ at: 'sdcard' }] }),
        validTask({ id: 'c', success_checks: [{ probe: 'p', expect: { json_path: 'a[hour', equals_json: 1 } }] }),
        validTask({ id: 'd', success_checks: [{ probe: 'p', expect: { json_path: 'a', equals_json: 1, terms: { required: ['x'] } } }] }),
        validTask({ id: 'e', success_checks: [{ probe: 'p', expect: { terms: { required: [], forbidden: [] } } }] }),
        validTask({ id: 'f', success_checks: [{ probe: 'p', expect: { json_path: 'a', count: 1, equals_json: 1 } }] }),
        validTask({ id: 'g', success_checks: [{ probe: 'p', expect: { json_path: 'a', count: -1 } }] }),
      ]),
    );
    expect(e.issues.map((i) => [i.taskId, i.field])).toEqual([
      ['a', 'footprint.0.path'],
      ['b', 'footprint.0.at'],
      ['c', 'success_checks.0.expect'],
      ['d', 'success_checks.0.expect'],
      ['e', 'success_checks.0.expect.terms'],
      ['f', 'success_checks.0.expect'],
      ['g', 'success_checks.0.expect.count'],
    ]);
    expect(e.message).toMatch(/by identity/);
  });

  it('rejects unknown CSV columns, bad JSON, unknown extensions and empty files', () => {
    expect(issuesOf('a.csv', 'id,instrution\nx,y\n').message).toMatch(/unknown CSV column\(s\) "instrution"/);
    expect(issuesOf('a.json', '{').message).toMatch(/^a\.json: not valid JSON/);
    expect(issuesOf('a.json', '{"format":"other","name":"x","tasks":[]}').message).toMatch(/elderbench\.tasks\/1/);
    expect(issuesOf('a.txt', '').message).toMatch(/unknown file type/);
    expect(issuesOf('a.json', '[]').message).toMatch(/holds no tasks/);
  });
});
