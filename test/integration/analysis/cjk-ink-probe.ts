// Prints the "ink" (dark pixel count) of chart titles rendered through the real chart
// adapter, as JSON. Run in a child process by charts.test.ts so a test can swap the
// fontconfig setup (fontconfig is initialized once per process).
import { titleInk } from './cjk-ink.js';

const texts = process.argv.slice(2);
const out: Record<string, number> = {};
for (const t of texts) out[t] = await titleInk(t);
process.stdout.write(`${JSON.stringify(out)}\n`);
