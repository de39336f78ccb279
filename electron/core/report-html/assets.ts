/**
 * The report's own style and script, inlined into index.html so the folder needs no server
 * and fetches nothing: opened from a shared drive (file://) it works as it does on a web server.
 */
export const REPORT_CSS = `
:root { --fg: #111; --bg: #fff; --muted: #3d3d3d; --line: #6b6b6b; --panel: #f2f4f7; --pass: #0a6b1f; --fail: #a10000; --accent: #0b4f9c; --focus: #ff9900; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, 'Noto Sans CJK SC', 'Noto Sans', sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 0.5rem; background: var(--bg); padding: 0.5rem; z-index: 5; }
header.top { padding: 1rem 1.5rem; border-bottom: 2px solid var(--line); background: var(--panel); }
header.top h1 { margin: 0 0 0.3rem; font-size: 1.6rem; }
header.top p { margin: 0.1rem 0; }
main { padding: 0 1.5rem 2rem; max-width: 110rem; }
h2 { font-size: 1.35rem; margin: 1.6rem 0 0.5rem; }
h3 { font-size: 1.1rem; margin: 0.2rem 0 0.3rem; }
.muted { color: var(--muted); }
nav.toc { padding: 0 1.5rem; }
nav.toc ul { display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; padding: 0; list-style: none; }
table.data { border-collapse: collapse; margin: 0.5rem 0 1rem; }
table.data caption { text-align: left; font-weight: 700; padding: 0.3rem 0; }
table.data th, table.data td { border-bottom: 1px solid var(--line); padding: 0.25rem 0.6rem; text-align: left; vertical-align: top; }
table.data td.num, table.data th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.data tfoot td { color: var(--muted); font-size: 0.9rem; }
.table-scroll { overflow-x: auto; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; }
.charts figure { margin: 0; flex: 1 1 26rem; max-width: 40rem; }
.charts img { width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
.ok { color: var(--pass); font-weight: 700; }
.bad { color: var(--fail); font-weight: 700; }
.unresolved, .invalid { font-weight: 700; font-style: italic; }
.filters { display: flex; gap: 1.5rem; align-items: center; flex-wrap: wrap; margin: 0.5rem 0; }
.filters label { display: inline-flex; gap: 0.4rem; align-items: center; }
.filters input[type=checkbox] { width: 1.2rem; height: 1.2rem; }
table.overview td a { text-decoration: none; }
section.task { border-top: 3px solid var(--line); padding-top: 0.6rem; margin-top: 1.4rem; }
section.task > h2 { margin: 0; }
.instruction { font-size: 1.25rem; font-weight: 700; margin: 0.2rem 0; }
.meta { margin: 0.1rem 0 0.5rem; color: var(--muted); }
.task-body { display: grid; grid-template-columns: minmax(0, 1fr) minmax(14rem, 32%); gap: 1.2rem; align-items: start; }
@media (max-width: 900px) { .task-body { grid-template-columns: minmax(0, 1fr); } }
article.result { border: 2px solid var(--line); border-left-width: 8px; border-radius: 6px; padding: 0.4rem 0.7rem; margin-bottom: 0.8rem; }
article.result.pass { border-left-color: var(--pass); }
article.result.fail { border-left-color: var(--fail); }
aside.human { border: 2px dashed var(--line); border-radius: 6px; padding: 0.4rem 0.7rem; background: var(--panel); }
.verdict { margin: 0.1rem 0 0.4rem; }
ol.steps { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.6rem; }
ol.steps li { width: 7.5rem; font-size: 0.85rem; line-height: 1.3; overflow-wrap: anywhere; }
.shot { position: relative; display: block; border: 1px solid var(--line); background: var(--panel); line-height: 0; }
.shot img { width: 100%; height: auto; display: block; aspect-ratio: 9 / 20; object-fit: contain; }
.shot .mark { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.mark .ring { fill: rgba(224, 0, 0, 0.15); stroke: #e00000; stroke-width: 4; vector-effect: non-scaling-stroke; }
.mark .swipe { stroke: #e00000; stroke-width: 4; vector-effect: non-scaling-stroke; }
.mark .swipe-start { fill: #e00000; }
.harm { display: block; line-height: 1.3; background: #fff4e5; color: #7a2e00; border-left: 4px solid #b3261e; padding: 0.1rem 0.3rem; margin-top: 0.1rem; font-weight: 600; }
.side-effects { border-left: 4px solid #b3261e; background: #fff4e5; padding: 0.2rem 0.6rem; margin: 0.4rem 0; }
.typed { display: block; line-height: 1.3; background: #111; color: #fff; font-weight: 700; padding: 0.1rem 0.3rem; margin-top: 0.1rem; }
.no-shot { display: flex; align-items: center; justify-content: center; aspect-ratio: 9 / 20; line-height: 1.3; padding: 0.3rem; text-align: center; font-size: 0.8rem; }
details.raw summary { cursor: pointer; color: var(--accent); }
details.raw pre { white-space: pre-wrap; word-break: break-word; font-size: 0.75rem; max-height: 12rem; overflow: auto; background: var(--panel); padding: 0.3rem; }
body.only-failures article.result.pass, body.only-failures section.task.all-pass { display: none; }
dialog.lightbox { padding: 0.6rem; border: 2px solid var(--line); max-width: 96vw; max-height: 96vh; }
dialog.lightbox::backdrop { background: rgba(0, 0, 0, 0.7); }
dialog.lightbox .lb { display: flex; gap: 1rem; align-items: flex-start; }
dialog.lightbox .frame { position: relative; line-height: 0; flex: none; }
dialog.lightbox img { max-height: calc(96vh - 2rem); max-width: 60vw; width: auto; height: auto; display: block; }
dialog.lightbox .mark { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
dialog.lightbox .side { max-width: 40ch; }
dialog.lightbox .caption { margin: 0 0 0.6rem; }
dialog.lightbox .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; }
dialog.lightbox button { font: inherit; padding: 0.3rem 0.8rem; border: 2px solid var(--accent); background: var(--accent); color: #fff; border-radius: 6px; cursor: pointer; }
@media print { .filters, dialog.lightbox, nav.toc { display: none; } a.shot::after { content: none; } }
`;

/**
 * Progressive enhancement: every thumbnail is a link to its full image (so the report works
 * without script too); with script, the full image opens in a dialog with its mark drawn,
 * ←/→ step through the same trajectory and Esc closes. The "only failures" switch hides
 * results (and tasks) that passed.
 */
export const REPORT_JS = `
(function () {
  var dialog = document.getElementById('lightbox');
  var img = dialog.querySelector('img');
  var caption = dialog.querySelector('.caption');
  var markHolder = dialog.querySelector('.mark-holder');
  var current = null;
  function show(link) {
    current = link;
    img.src = link.getAttribute('href');
    img.alt = link.querySelector('img') ? link.querySelector('img').alt : '';
    caption.textContent = link.getAttribute('data-caption') || '';
    var mark = link.querySelector('svg.mark');
    markHolder.innerHTML = mark ? mark.outerHTML : '';
    if (!dialog.open) dialog.showModal();
  }
  function sibling(delta) {
    if (!current) return;
    var list = Array.prototype.slice.call(current.closest('ol').querySelectorAll('a.shot'));
    var next = list[list.indexOf(current) + delta];
    if (next) show(next);
  }
  document.addEventListener('click', function (e) {
    var link = e.target.closest && e.target.closest('a.shot');
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    show(link);
  });
  dialog.querySelector('.prev').addEventListener('click', function () { sibling(-1); });
  dialog.querySelector('.next').addEventListener('click', function () { sibling(1); });
  dialog.querySelector('.close').addEventListener('click', function () { dialog.close(); });
  dialog.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') { sibling(-1); e.preventDefault(); }
    if (e.key === 'ArrowRight') { sibling(1); e.preventDefault(); }
  });
  dialog.addEventListener('close', function () { if (current) current.focus(); });
  var only = document.getElementById('only-failures');
  only.addEventListener('change', function () { document.body.classList.toggle('only-failures', only.checked); });
})();
`;
