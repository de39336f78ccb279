import type { Command } from 'commander';
import { tryAgentStep } from '../../services/agents/agent-step.js';
import { packageResolver } from '../../services/devices/app-packages.js';
import { leaseOrFail, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

interface SentMessage {
  role: string;
  parts: string[];
}

/** What went to the model, with images summarised (size, not bytes) — the key is never in a request body. */
function summariseRequest(body: string): { model: unknown; sampling: Record<string, unknown>; messages: SentMessage[] } {
  const req = JSON.parse(body) as { model?: unknown; messages?: { role: string; content: unknown }[] } & Record<string, unknown>;
  const { messages = [], model, ...rest } = req;
  const sampling = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'stream' && k !== 'stream_options'));
  return {
    model,
    sampling,
    messages: messages.map((m) => ({
      role: m.role,
      parts:
        typeof m.content === 'string'
          ? [m.content]
          : (m.content as { type: string; text?: string; image_url?: { url: string } }[]).map((p) =>
              p.type === 'text'
                ? (p.text ?? '')
                : `[image ${p.image_url?.url.slice(5, p.image_url.url.indexOf(';'))}, ${Math.round(((p.image_url?.url.length ?? 0) * 3) / 4 / 1024)} KiB]`,
            ),
    })),
  };
}

/** `elderbench agent try`: one live step — capture the device, ask the agent, show what was sent and received. */
export function registerAgentTry(agent: Command, globals: () => GlobalOptions): void {
  agent
    .command('try')
    .description('run one step of an agent on a live device and print what was sent and received (--execute also performs it)')
    .argument('<name>', 'agent name (see elderbench agent list)')
    .requiredOption('--device <serial>', 'device to look at')
    .requiredOption('--instruction <text>', 'the instruction, as a user would say it')
    .option('--execute', 'perform the returned action on the device')
    .action(async (name: string, o: { device: string; instruction: string; execute?: boolean }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const sent: ReturnType<typeof summariseRequest>[] = [];
        const recordingFetch: typeof fetch = async (input, init) => {
          if (typeof init?.body === 'string') sent.push(summariseRequest(init.body));
          return fetch(input, init);
        };
        const step = await tryAgentStep(
          {
            workspace: backend.workspace.path,
            device: backend.devices.device(o.device),
            deviceName: o.device,
            fetch: recordingFetch,
            resolvePackage: packageResolver(() => backend.workspace),
            beforeDevice: () => {
              if (o.execute) leaseOrFail(backend, o.device, `elderbench agent try ${name}`);
            },
          },
          { agent: name, instruction: o.instruction, execute: Boolean(o.execute) },
        ).catch((e: unknown) => {
          throw new CliError(errorMessage(e));
        });
        const r = step.result;
        printResult(
          g,
          {
            agent: name,
            device: o.device,
            screen: step.screen,
            foreground: step.foreground,
            sent,
            received: {
              raw: r.raw,
              thought: r.thought,
              action: r.action,
              pixels: step.pixels,
              sentImage: r.sent,
              timings: r.timings,
              usage: r.usage,
            },
            executed: step.executed,
          },
          (v) =>
            [
              `Sent (${v.sent.length} request${v.sent.length === 1 ? '' : 's'}):`,
              ...v.sent.flatMap((s) => [
                `  model ${String(s.model)}  ${JSON.stringify(s.sampling)}`,
                ...s.messages.map((m) => `  [${m.role}] ${m.parts.join(' | ').slice(0, 600)}`),
              ]),
              'Received:',
              `  raw: ${v.received.raw}`,
              `  action: ${JSON.stringify(v.received.action)}`,
              `  pixels on ${v.screen.width}x${v.screen.height}: ${JSON.stringify(v.received.pixels)}`,
              `  reasoning ${v.received.timings.reasoning_ms.toFixed(0)} ms, parsing ${v.received.timings.parsing_ms.toFixed(1)} ms, tokens ${JSON.stringify(v.received.usage)}`,
              v.executed ? 'Performed on the device.' : 'Not performed (add --execute).',
            ].join('\n'),
        );
      } finally {
        backend.close();
      }
    });
}
