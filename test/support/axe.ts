import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the first offending elements. */
  targets: string[];
}

/**
 * Runs axe-core (from node_modules, never a CDN) on the page as it is now and returns the
 * serious and critical violations of WCAG 2.x A/AA and axe's best practices. The script is
 * evaluated through the DevTools protocol, so the app's CSP needs no exception for it.
 */
export async function axeViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const exclude = opts.exclude ?? [];
  const violations = (await page.evaluate(`window.axe.run({ exclude: ${JSON.stringify(exclude.map((s) => [s]))} }, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    resultTypes: ['violations'],
  }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) })))`)) as AxeFinding[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One line per finding, for assertion messages. */
export const describeFindings = (fs: readonly AxeFinding[]): string =>
  fs.map((f) => `${f.impact} ${f.id}: ${f.help} — ${f.targets.join(', ')}`).join('\n');
