import type { Command } from 'commander';
import { exportRunBundle } from '../../services/runs/bundle/bundle-export.js';
import { importRunBundle } from '../../services/runs/bundle/bundle-import.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;

/** `export` and `import-run`: a run as a bundle another lab loads and reports the same (docs/run-bundle.md). */
export function registerRunBundle(program: Command, globals: () => GlobalOptions): void {
  program
    .command('export')
    .description('write a run as a bundle (manifest, results, steps, screens; no secrets) that import-run loads elsewhere')
    .argument('<run>', 'run id (elderbench report --list)')
    .requiredOption('--out <file>', 'the bundle to write (FILE.tar.gz)')
    .action(async (runId: string, o: { out: string }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const r = await exportRunBundle(backend.workspace, runId, o.out, { env: process.env }).catch((e: unknown) => {
          throw new CliError(errorMessage(e));
        });
        printResult(g, r, (v) =>
          [
            `Wrote ${v.file} (${mib(v.bytes)}): run ${v.runId}, ${v.results} results, ${v.steps} steps, ${v.images} images.`,
            ...(v.redactions ? [`${v.redactions} occurrence(s) of an API key's value were found in texts and replaced.`] : []),
            `Load it elsewhere with: elderbench --workspace DIR import-run ${v.file}`,
          ].join('\n'),
        );
      } finally {
        backend.close();
      }
    });

  program
    .command('import-run')
    .description('load a run bundle (elderbench export) into this workspace: all of it in one transaction, or nothing')
    .argument('<file>', 'the bundle (FILE.tar.gz)')
    .action(async (file: string) => {
      const g = globals();
      const backend = openBackend(g, { writes: 'import-run writes the run into the workspace' });
      try {
        const r = await importRunBundle(backend.workspace, file).catch((e: unknown) => {
          throw new CliError(errorMessage(e));
        });
        printResult(g, r, (v) =>
          [
            `Imported run ${v.runId} into ${v.workspace}: ${v.results} results, ${v.steps} steps, ${v.images} images; ` +
              `${v.tasksAdded} task(s) added, ${v.tasksKnown} already here. Exported by ${v.exportedBy}.`,
            `Its report: elderbench --workspace ${v.workspace} report ${v.runId}`,
          ].join('\n'),
        );
      } finally {
        backend.close();
      }
    });
}
