import type { Command } from 'commander';
import { initWorkspacePrices, pricesInForce } from '../../services/workspace/prices-service.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

export function registerPrices(program: Command, globals: () => GlobalOptions): void {
  program
    .command('prices')
    .description("the model prices a new run freezes for its cost (the dated default, with the workspace's prices.json over it)")
    .option('--init', "write the default table into the workspace's prices.json to edit")
    .action((o: { init?: boolean }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        if (o.init) info(`wrote ${initWorkspacePrices(backend.workspace)}; edit it, then start a run`);
        const { table: t, source } = pricesInForce(backend.workspace);
        printResult(g, { source, ...t }, (v) =>
          [
            `Prices: ${v.source} (USD per million tokens; per image where billed apart)`,
            '',
            table(
              Object.entries(v.models)
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([id, p]) => [
                  id,
                  String(p.promptPerMTok),
                  String(p.completionPerMTok),
                  p.perImage === undefined ? '' : String(p.perImage),
                ]),
              ['model', 'prompt', 'completion', 'image'],
            ),
          ].join('\n'),
        );
      } catch (e) {
        throw e instanceof CliError ? e : new CliError(errorMessage(e));
      } finally {
        backend.close();
      }
    });
}
