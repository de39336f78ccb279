import type { Backend } from '../../services/backend.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

/** `report RUN --format html --out DIR`: writes the self-contained report folder and says where it is. */
export async function htmlReportCommand(
  g: GlobalOptions,
  store: Backend['workspace'],
  runId: string,
  out: string | undefined,
): Promise<void> {
  if (!out) throw new CliError('--format html writes a folder: give it with --out DIR', 2);
  // Loaded on demand: it pulls in the chart renderer and the image library.
  const { writeHtmlReport } = await import('../../services/report-html/write-html-report.js');
  let written;
  try {
    written = await writeHtmlReport(store, runId, out);
  } catch (e) {
    throw new CliError(errorMessage(e));
  }
  printResult(g, written, (w) =>
    [
      `Wrote the report of ${runId} to ${w.dir}: ${w.tasks} tasks, ${w.results} results, ${w.images} screenshots, ${w.files} files, ${(w.bytes / 1e6).toFixed(1)} MB.`,
      `Open ${w.index} in a browser: it needs no server and makes no network request.`,
    ].join('\n'),
  );
}
