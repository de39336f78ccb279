import { describe, expect, it } from 'vitest';
import { markOf, markSvg } from './marks.js';
import type { ReportModel, ReportTask } from './model.js';
import { anchorOf, esc, renderReport } from './render.js';

const task = (id: string, over: Partial<ReportTask> = {}): ReportTask => ({
  id,
  instruction: '字太小了',
  lang: 'zh',
  translation: 'The text is too small',
  app: 'Settings',
  mode: 'online',
  semantic: 'Indirect Speech',
  syntactic: 'Elliptical',
  scenario: 'System Settings',
  results: [
    {
      agent: 'replay',
      mode: 'online',
      success: true,
      exit: 'finished',
      verdict: 'rule judge: pass',
      label: null,
      steps: [
        {
          n: 1,
          text: 'Tap (500, 300)',
          detail: null,
          raw: '<tool_call>{"x": 1}</tool_call>',
          image: { thumb: 'thumb/a.webp', full: 'img/a.webp' },
          mark: { kind: 'tap', x: 500, y: 300 },
        },
        { n: null, text: 'Final screen', detail: null, raw: null, image: { thumb: 'thumb/b.webp', full: 'img/b.webp' }, mark: null },
      ],
    },
  ],
  human: {
    demonstrationId: 4,
    steps: [
      {
        n: 1,
        text: 'Swipe up',
        detail: null,
        raw: null,
        image: { thumb: 'thumb/c.webp', full: 'img/c.webp' },
        mark: { kind: 'swipe', x1: 500, y1: 700, x2: 500, y2: 300 },
      },
    ],
  },
  ...over,
});

const model = (tasks: ReportTask[]): ReportModel => ({
  runId: 'run-1',
  status: 'finished',
  mode: 'both',
  agents: ['replay'],
  createdAt: '2026-11-30T00:00:00Z',
  generatedAt: '2026-11-30T01:00:00Z',
  appVersion: '0.1.0',
  tables: [
    {
      id: 'table2-results',
      title: 'Table 2',
      columns: [
        { key: 'agent', header: 'Agent' },
        { key: 'sr', header: 'SR', align: 'right', format: { kind: 'percent', digits: 2 } },
      ],
      rows: [{ agent: 'replay', sr: 1 }],
      notes: [],
    },
  ],
  charts: [
    { id: 'run-sr-by-agent', title: 'Success rate by agent', file: 'charts/run-sr-by-agent.svg', description: 'replay: overall 100.0%' },
  ],
  tasks,
});

describe('the HTML run report', () => {
  it('has a section per task with its results, screenshots linking to full images, and the human demonstration', () => {
    const html = renderReport(model([task('a'), task('b', { human: null, results: [] })]));
    expect(html.match(/<section class="task/g)).toHaveLength(2);
    expect(html).toContain(`id="${anchorOf('a')}"`);
    expect(html).toContain('<a class="shot" href="img/a.webp"');
    expect(html).toContain('src="thumb/a.webp"');
    expect(html).toContain('Human demonstration 4 (1 steps)');
    expect(html).toContain('This task has no finished demonstration.');
    expect(html).toContain('No result: the run ended before this task.');
    expect(html).toContain('<td class="num">100.00</td>');
    expect(html).toContain('alt="Success rate by agent. replay: overall 100.0%"');
  });

  it('says a result was unresolved or invalid rather than the agent failing, in the task and in the overview', () => {
    const base = task('a').results[0]!;
    const html = renderReport(
      model([
        task('u', { results: [{ ...base, success: false, exit: 'infra_error', verdict: null }] }),
        task('i', { results: [{ ...base, success: false, exit: 'invalid_task', verdict: null }] }),
        task('f', { results: [{ ...base, success: false, exit: 'off_graph', verdict: null }] }),
      ]),
    );
    const section = (id: string) =>
      html.slice(html.indexOf(`id="${anchorOf(id)}"`), html.indexOf('</section>', html.indexOf(`id="${anchorOf(id)}"`)));
    expect(section('u')).toContain('⚠ unresolved');
    expect(section('u')).not.toContain('✗ failed');
    expect(section('i')).toContain('⊘ invalid (not in N)');
    expect(section('f')).toContain('✗ failed');
    expect(html).toContain('<td class="unresolved">⚠ <span class="muted">infra_error</span></td>');
    expect(html).toContain('<td class="bad">✗ <span class="muted">off_graph</span></td>');
  });

  it('escapes everything that comes from tasks, agents and reviewers', () => {
    const evil = '<img src=x onerror=alert(1)>"\'&';
    const t = task('x', { instruction: evil });
    t.results[0]!.steps[0]!.raw = '</pre><script>alert(1)</script>';
    t.results[0]!.label = { category: evil, humanVerdict: 'failure', notes: evil };
    const html = renderReport(model([t]));
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    expect(esc('a&b<c>"d\'')).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
  });

  it('refuses image paths that leave the report folder or name another host', () => {
    const t = task('x');
    t.results[0]!.steps[0]!.image = { thumb: '../../etc/passwd', full: 'img/a.webp' };
    expect(() => renderReport(model([t]))).toThrow(/not a path inside the report folder/);
    t.results[0]!.steps[0]!.image = { thumb: 'https://example.com/a.png', full: 'img/a.webp' };
    expect(() => renderReport(model([t]))).toThrow(/not a path inside the report folder/);
  });

  it('needs nothing from the network: no remote URL, and a policy that forbids fetching', () => {
    const html = renderReport(model([task('a')]));
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain("default-src 'none'");
  });

  it('makes distinct, link-safe anchors for task ids', () => {
    expect(anchorOf('settings-font')).toBe('task-settings-font');
    expect(anchorOf('a b')).not.toBe(anchorOf('a_b'));
    expect(anchorOf('字')).toMatch(/^task-[A-Za-z0-9_-]+$/);
  });
});

describe('report marks', () => {
  it('draws a ring for taps, an arrow for swipes, and leaves typed text to a caption', () => {
    expect(markSvg(markOf({ type: 'Tap', at: { x: 120, y: 880 } }))).toContain('cx="120" cy="880"');
    expect(markSvg(markOf({ type: 'LongPress', at: { x: 1, y: 2 }, ms: 900 }))).toContain('<ellipse');
    expect(markSvg(markOf({ type: 'Swipe', from: { x: 500, y: 800 }, to: { x: 500, y: 200 } }))).toContain('x2="500" y2="200"');
    expect(markOf({ type: 'Type', text: 'hi' })).toEqual({ kind: 'type', text: 'hi' });
    expect(markSvg(markOf({ type: 'Type', text: 'hi' }))).toBe('');
    expect(markOf({ type: 'Back' })).toBeNull();
    expect(markOf(null)).toBeNull();
  });
});
