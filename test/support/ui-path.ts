import { AdbServer } from '../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../electron/core/device/device-port.js';
import { parseUiXml } from '../../electron/core/ui/parse-ui-xml.js';
import { flattenUi } from '../../shared/domain/ui-tree.js';
import type { Task } from '../../shared/schemas/task.js';

/**
 * A path through the phone's screens for a scripted model (the generic VLM format, 0–1000 grid):
 * played once on the test's own phone to read where each labelled element is, then reset, so the
 * model's taps land where a person's would on the same phone during the run.
 */
export type PathStep = { launch: string } | { tap: string; prefix?: boolean } | { finish: string };

export async function vlmRepliesFor(port: number, task: Task, path: readonly PathStep[], serial = 'vphone-1'): Promise<string[]> {
  const d: DevicePort = new AdbServer({ host: '127.0.0.1', port }).device(serial);
  for (const cmd of task.setup) await d.shell(cmd);
  const replies: string[] = [];
  try {
    for (const step of path) {
      if ('launch' in step) {
        await d.launch(step.launch);
        replies.push(`Thought: 打开应用。\n{"action": "launch_app", "app": "${step.launch}"}`);
      } else if ('finish' in step) {
        replies.push(`Thought: 好了。\n{"action": "finish", "status": "success", "message": "${step.finish}"}`);
      } else {
        const nodes = flattenUi(parseUiXml(await d.uiDump()));
        const n = nodes.find((x) => {
          const label = x.text || x.contentDesc || '';
          return step.prefix ? label.startsWith(step.tap) : label === step.tap;
        });
        if (!n?.bounds) throw new Error(`no "${step.tap}" on screen ${(await d.shell('cmd vphone screen')).trim()}`);
        const x = Math.round((n.bounds.left + n.bounds.right) / 2);
        const y = Math.round((n.bounds.top + n.bounds.bottom) / 2);
        await d.tap({ x, y });
        replies.push(
          `Thought: 点「${step.tap}」。\n{"action": "tap", "point": [${Math.round((x / 1080) * 1000)}, ${Math.round((y / 2400) * 1000)}]}`,
        );
      }
    }
  } finally {
    await d.shell('cmd vphone reset');
  }
  return replies;
}
