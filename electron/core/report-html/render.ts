import type { TableModel } from '../../../shared/domain/analysis.js';
import { formatCell } from '../../../shared/domain/table-format.js';
import { REPORT_CSS, REPORT_JS } from './assets.js';
import { markSvg } from './marks.js';
import { exitClass } from '../eval/exit-classes.js';
import type { ReportModel, ReportResult, ReportStep, ReportTask } from './model.js';

/** Text and attribute values, escaped: task text, model output and notes come from outside. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An id safe for a fragment link, stable for the same task id. */
export function anchorOf(taskId: string): string {
  return `task-${taskId.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`)}`;
}

/**
 * Only relative paths inside the report's folder reach src/href: the model's paths are
 * built by the service, and this check keeps a bad one from pointing anywhere else.
 */
function localPath(p: string): string {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(p) || p.includes('..')) throw new Error(`not a path inside the report folder: ${p}`);
  return p;
}

function table(t: TableModel): string {
  const num = (align?: string): string => (align === 'right' ? ' class="num"' : '');
  const head = t.columns.map((c) => `<th scope="col"${num(c.align)}>${esc(c.header)}</th>`).join('');
  const rows = t.rows
    .map((r) => `<tr>${t.columns.map((c) => `<td${num(c.align)}>${esc(formatCell(r[c.key] ?? null, c))}</td>`).join('')}</tr>`)
    .join('\n');
  const foot = t.notes.length ? `<tfoot><tr><td colspan="${t.columns.length}">${esc(t.notes.join(' '))}</td></tr></tfoot>` : '';
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(t.title)}"><table class="data" id="${esc(t.id)}"><caption>${esc(t.title)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody>${foot}</table></div>`;
}

function step(s: ReportStep, who: string): string {
  const label = s.n === null ? s.text : `${s.n}. ${s.text}`;
  const alt = `${who}, ${s.n === null ? 'final screen' : `screen before step ${s.n}`}`;
  const typed = s.mark?.kind === 'type' ? `<span class="typed">⌨ “${esc(s.mark.text)}”</span>` : '';
  const shot = s.image
    ? `<a class="shot" href="${esc(localPath(s.image.full))}" data-caption="${esc(`${alt}: ${label}`)}"><img src="${esc(localPath(s.image.thumb))}" alt="${esc(alt)}" loading="lazy" decoding="async">${markSvg(s.mark)}</a>`
    : `<span class="shot no-shot">no screenshot</span>`;
  const detail = s.detail ? `<br><span class="muted">${esc(s.detail)}</span>` : '';
  const raw = s.raw ? `<details class="raw"><summary>model output</summary><pre>${esc(s.raw)}</pre></details>` : '';
  const harm = (s.harm ?? []).map((h) => `<span class="harm">⚠ ${esc(h)}</span>`).join('');
  return `<li${harm ? ' class="has-harm"' : ''}>${shot}${typed}<span class="act">${esc(label)}</span>${harm}${detail}${raw}</li>`;
}

/**
 * How a result counts, as the tables count it: an infrastructure failure is unresolved (not the
 * agent's failure; `run --resume` re-attempts it) and an invalid task is outside N — neither reads "failed".
 */
function standing(r: Pick<ReportResult, 'success' | 'exit'>): { cls: string; mark: string; text: string } {
  if (r.success) return { cls: 'ok', mark: '✓', text: 'success' };
  const c = exitClass(r.exit);
  if (c === 'infrastructure') return { cls: 'unresolved', mark: '⚠', text: 'unresolved' };
  if (c === 'invalid') return { cls: 'invalid', mark: '⊘', text: 'invalid (not in N)' };
  return { cls: 'bad', mark: '✗', text: 'failed' };
}

function result(r: ReportResult, taskId: string): string {
  const st = standing(r);
  const verdict = `<span class="${st.cls}">${st.mark} ${st.text}</span>`;
  const label = r.label
    ? `<p class="label">Reviewer: ${[r.label.humanVerdict ? `verdict ${esc(r.label.humanVerdict)}` : '', r.label.category ? `category ${esc(r.label.category)}` : '', r.label.notes ? `“${esc(r.label.notes)}”` : ''].filter(Boolean).join(' · ')}</p>`
    : '';
  const steps = r.steps.length
    ? `<ol class="steps">${r.steps.map((s) => step(s, `${r.agent} ${r.mode}`)).join('')}</ol>`
    : '<p>No steps were recorded.</p>';
  const harm = r.sideEffects?.length
    ? `<div class="side-effects"><p><strong>⚠ ${r.sideEffects.length} side effect(s)</strong> — changed unasked:</p><ul>${r.sideEffects
        .map(
          (e) =>
            `<li>${e.step === null ? 'step unknown' : `step ${e.step}`}: ${esc(e.summary)}${e.irreversible ? ' <em>(irreversible)</em>' : ''}</li>`,
        )
        .join('')}</ul></div>`
    : r.sideEffects
      ? '<p class="muted">No side effects: nothing changed beyond the task.</p>'
      : '';
  return `<article class="result ${r.success ? 'pass' : 'fail'}" data-agent="${esc(r.agent)}" data-mode="${esc(r.mode)}" aria-label="${esc(`${taskId}: ${r.agent} ${r.mode}`)}">
<h3>${esc(r.agent)} · ${esc(r.mode)} — ${verdict} <span class="muted">(exit ${esc(r.exit)}, ${r.steps.filter((s) => s.n !== null).length} steps)</span></h3>
${r.verdict ? `<p class="verdict">${esc(r.verdict)}</p>` : ''}${label}${harm}
${steps}
</article>`;
}

function task(t: ReportTask): string {
  const human = t.human
    ? `<aside class="human" aria-label="${esc(`${t.id}: human demonstration`)}"><h3>Human demonstration ${t.human.demonstrationId} (${t.human.steps.filter((s) => s.n !== null).length} steps)</h3><ol class="steps">${t.human.steps.map((s) => step(s, 'human')).join('')}</ol></aside>`
    : '<aside class="human"><h3>Human demonstration</h3><p>This task has no finished demonstration.</p></aside>';
  const allPass = t.results.length > 0 && t.results.every((r) => r.success);
  const translation = t.translation ? `<p class="meta">${esc(t.translation)}</p>` : '';
  return `<section class="task${allPass ? ' all-pass' : ''}" id="${anchorOf(t.id)}" aria-labelledby="${anchorOf(t.id)}-h" data-task="${esc(t.id)}">
<h2 id="${anchorOf(t.id)}-h">${esc(t.id)}</h2>
<p class="instruction" lang="${esc(t.lang)}">“${esc(t.instruction)}”</p>${translation}
<p class="meta">${[t.app, t.mode, t.semantic, t.syntactic, t.scenario].map(esc).join(' · ')}</p>
<div class="task-body"><div class="results">${t.results.length ? t.results.map((r) => result(r, t.id)).join('\n') : '<p>No result: the run ended before this task.</p>'}</div>${human}</div>
</section>`;
}

/** The task list up top: one row per task, a verdict per agent and mode, each linking to the task. */
function overview(m: ReportModel): string {
  const cols = [...new Set(m.tasks.flatMap((t) => t.results.map((r) => `${r.agent} · ${r.mode}`)))].sort();
  const cell = (t: ReportTask, c: string): string => {
    const r = t.results.find((x) => `${x.agent} · ${x.mode}` === c);
    if (!r) return '<td>—</td>';
    const st = standing(r);
    return r.success ? '<td class="ok">✓</td>' : `<td class="${st.cls}">${st.mark} <span class="muted">${esc(r.exit)}</span></td>`;
  };
  const rows = m.tasks
    .map(
      (t) =>
        `<tr><td><a href="#${anchorOf(t.id)}">${esc(t.id)}</a></td><td lang="${esc(t.lang)}">${esc(t.instruction)}</td>${cols.map((c) => cell(t, c)).join('')}</tr>`,
    )
    .join('\n');
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="Every task of the run"><table class="data overview"><caption>Every task of the run (${m.tasks.length})</caption><thead><tr><th scope="col">Task</th><th scope="col">Instruction</th>${cols.map((c) => `<th scope="col">${esc(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The whole report as one self-contained HTML document (style and script inline; images are the folder's files). */
export function renderReport(m: ReportModel): string {
  const results = m.tasks.reduce((n, t) => n + t.results.length, 0);
  const charts = m.charts
    .map(
      (c) =>
        `<figure><img src="${esc(localPath(c.file))}" alt="${esc(`${c.title}. ${c.description}`)}"><figcaption>${esc(c.title)}</figcaption></figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<title>ElderBench run ${esc(m.runId)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<a class="skip" href="#tasks">Skip to the tasks</a>
<svg width="0" height="0" aria-hidden="true" style="position:absolute"><defs><marker id="arrowhead" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="#e00000"/></marker></defs></svg>
<header class="top">
<h1>ElderBench run <code>${esc(m.runId)}</code></h1>
<p>${esc(m.status)} · ${esc(m.mode)} · agents: ${m.agents.map(esc).join(', ')} · ${m.tasks.length} tasks, ${results} results</p>
<p class="muted">Run created ${esc(m.createdAt)} · report written ${esc(m.generatedAt)} by ElderBench ${esc(m.appVersion)}</p>
</header>
<nav class="toc" aria-label="Contents"><ul><li><a href="#results">Results (Table 2)</a></li><li><a href="#charts">Charts</a></li><li><a href="#breakdowns">Breakdowns</a></li><li><a href="#tasks">Every task</a></li></ul></nav>
<main>
<h2 id="results">Results</h2>
${m.tables[0] ? table(m.tables[0]) : '<p>No results.</p>'}
<h2 id="charts">Charts</h2>
<div class="charts">${charts || '<p>No results to chart.</p>'}</div>
<h2 id="breakdowns">Breakdowns</h2>
${m.tables.slice(1).map(table).join('\n')}
<h2 id="tasks">Every task</h2>
<div class="filters"><label><input type="checkbox" id="only-failures"> Show only failures</label><span class="muted">Click a screenshot for the full image (← → step through, Esc closes).</span></div>
${overview(m)}
${m.tasks.map(task).join('\n')}
</main>
<dialog class="lightbox" id="lightbox" aria-label="Full screenshot" aria-describedby="lightbox-caption">
<div class="lb"><div class="frame"><img alt=""><span class="mark-holder"></span></div>
<div class="side"><p class="caption" id="lightbox-caption"></p>
<div class="buttons"><button type="button" class="prev">← Previous</button><button type="button" class="next">Next →</button><button type="button" class="close">Close (Esc)</button></div></div></div>
</dialog>
<script>${REPORT_JS}</script>
</body>
</html>
`;
}
