import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import type { ProposedRoute } from '../../../shared/domain/off-graph.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { ApiError } from '../../../shared/api/index.js';
import { ProposedRoutesFileSchema } from '../../../shared/schemas/proposed-route.js';
import { GraphWalker } from '../../../electron/core/graph/walk.js';
import { performAction, toPixelAction } from '../../../electron/core/recording/perform-action.js';
import { resolveScriptStep } from '../../../electron/core/recording/script.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { Backend } from '../../../electron/services/backend.js';
import type { RouteProposer } from '../../../electron/services/growth/route-proposer.js';
import { prepareSettingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/** Does the graph accept these actions then Finish, as an agent's path? */
function accepts(g: TaskGraph, actions: readonly Action[]): boolean {
  const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
  return actions.every((a) => w.act(a).taken) && w.finish().success;
}

describe('routes proposed by exploration, accepted in bulk (a fake proposer behind the interface)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('records the right routes the phone confirms as demonstrations, refuses the rest, and the graph grows by one version', async () => {
    const phone = await phones({ locale: 'en' });
    const ws = tmp();
    let proposer: RouteProposer | null = null;
    const backend = new Backend({
      workspace: ws,
      userDataDir: tmp(),
      adbServer: `127.0.0.1:${phone.port}`,
      routeProposer: { name: 'a fake explorer', propose: (store, taskId) => proposer!.propose(store, taskId) },
    });
    try {
      await prepareSettingsWorkspace(backend);
      const device = backend.devices.device('vphone-1');
      const screen = (await device.info()).screen;
      const on = async (label: string): Promise<Action> => {
        const a = resolveScriptStep({ type: 'Tap', on: label, match: 'prefix' }, parseUiXml(await device.uiDump()), screen);
        await performAction(
          device,
          a,
          toPixelAction(a, screen, () => null),
          async () => {},
        );
        return a;
      };
      await device.shell('cmd vphone reset');
      await device.key('Home');
      const settings = await on('Settings');
      const storage = resolveScriptStep({ type: 'Tap', on: 'Storage' }, parseUiXml(await device.uiDump()), screen);
      const accessibility = await on('Accessibility');
      const displaySize = await on('Display size and text');
      const detour = [settings, accessibility, displaySize];
      const routes: ProposedRoute[] = [
        {
          id: 'r1',
          taskId: 'off-display',
          actions: detour,
          reaches: { checksPass: true, state: 'settings.display' },
          description: 'via Accessibility',
        },
        // The proposer says right; the phone says otherwise: not recorded.
        {
          id: 'r2',
          taskId: 'off-display',
          actions: [settings, storage],
          reaches: { checksPass: true, state: 'settings.storage' },
          description: 'Storage',
        },
        {
          id: 'r3',
          taskId: 'off-display',
          actions: [settings],
          reaches: { checksPass: false, state: 'settings.main' },
          description: 'not there',
        },
      ];
      proposer = { name: 'fake', propose: async (_s, taskId) => routes.filter((r) => r.taskId === taskId) };

      const before = backend.workspace.graphs.latest('off-display')!;
      expect(accepts(before.body, detour)).toBe(false); // a route the graph does not know

      const proposed = await backend.handlers.offGraph.proposeRoutes({ taskId: 'off-display' });
      expect(proposed).toEqual({ proposer: 'a fake explorer', routes });
      const r = await backend.handlers.offGraph.acceptRoutes({ serial: 'vphone-1', allowSideEffects: true, routes: proposed.routes });
      expect(r.recorded.map((x) => x.routeId)).toEqual(['r1']);
      expect(r.refused.map((x) => [x.routeId, x.reason])).toEqual([
        ['r2', expect.stringMatching(/on vphone-1 the task's checks fail at its end/)],
        ['r3', expect.stringMatching(/not a right route/)],
      ]);
      expect(r.versions).toEqual([
        { taskId: 'off-display', version: before.version + 1, trust: expect.any(String), reason: expect.any(String) },
      ]);

      const after = backend.workspace.graphs.latest('off-display')!;
      expect(accepts(after.body, detour)).toBe(true);
      expect(accepts(after.body, [settings, storage])).toBe(false);
      // The route's demonstration is marked as grown, not a person's: measurements on human demonstrations leave it out.
      const grown = backend.workspace.offGraph.grownDemonstrations('off-display');
      expect(grown.has(r.recorded[0]!.demonstrationId)).toBe(true);
      const human = backend.workspace.demonstrations.listForTask('off-display').filter((d) => d.status === 'finished' && !grown.has(d.id));
      expect(human).toHaveLength(2);
      // The refused route's demonstration was discarded, not kept.
      const statuses = backend.workspace.demonstrations.listForTask('off-display').map((d) => d.status);
      expect(statuses.filter((s) => s === 'finished')).toHaveLength(3);
      expect(statuses.filter((s) => s === 'discarded')).toHaveLength(1);

      // Accepting needs the annotator's word that the phone is a test phone.
      await expect(
        backend.handlers.offGraph.acceptRoutes({ serial: 'vphone-1', allowSideEffects: false, routes: proposed.routes }),
      ).rejects.toThrow(/test phone/);
    } finally {
      backend.close();
    }
  }, 240_000);

  it('wired to exploration: the routes it finds on a virtual phone of its own, accepted, are routes the new version knows', async () => {
    const phone = await phones({ locale: 'en' });
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${phone.port}` });
    try {
      await prepareSettingsWorkspace(backend);
      const { proposer, routes } = await backend.handlers.offGraph.proposeRoutes({ taskId: 'off-display' });
      expect(proposer).toBe('exploration on a virtual phone');
      // The route through Accessibility is one no demonstration took; exploration finds it. Passing through a page
      // changes nothing the app holds (no setting, nothing typed), so it is another route, not a side effect: a side
      // effect is a change a path leaves behind (a switch flipped on the way), and such a route is not one to accept.
      const detour = routes.find((r) => /^other-route/.test(r.description) && r.actions.length === 3);
      expect(detour, routes.map((r) => r.description).join('\n')).toBeDefined();
      const before = backend.workspace.graphs.latest('off-display')!;
      expect(accepts(before.body, detour!.actions)).toBe(false);
      const r = await backend.handlers.offGraph.acceptRoutes({ serial: 'vphone-1', allowSideEffects: true, routes: [detour!] });
      expect(r).toMatchObject({ recorded: [{ routeId: detour!.id }], refused: [] });
      expect(accepts(backend.workspace.graphs.latest('off-display')!.body, detour!.actions)).toBe(true);
    } finally {
      backend.close();
    }
  }, 300_000);

  it('a task without a graph is told so, and a file from graph explore or graph try-paths reads as proposals', async () => {
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp() });
    try {
      await expect(backend.handlers.offGraph.proposeRoutes({ taskId: 'x' })).rejects.toBeInstanceOf(ApiError);
    } finally {
      backend.close();
    }
    const tap: Action = { type: 'Tap', at: { x: 500, y: 500 } };
    const explored = {
      paths: 10,
      tasks: [
        {
          taskId: 'a',
          unknownRoutes: [
            {
              taskId: 'a',
              kind: 'other-route',
              description: 'tap X',
              actions: [tap],
              windows: ['w'],
              states: ['s1'],
              reason: 'off graph at n1',
            },
            {
              taskId: 'a',
              kind: 'side-effect',
              description: 'tap Y → tap X',
              actions: [tap, tap],
              windows: ['w', 'w'],
              states: ['s2', 's1'],
              reason: 'off graph at n1',
            },
          ],
        },
        { taskId: 'b', unknownRoutes: [] },
      ],
    };
    // The route that also changed something else (kind side-effect) is listed by explore but never proposed.
    expect(ProposedRoutesFileSchema.parse(explored)).toEqual([
      {
        id: 'a#1',
        taskId: 'a',
        actions: [tap],
        reaches: { checksPass: true, state: 's1' },
        description: 'other-route: tap X (the graph: off graph at n1)',
      },
    ]);
    const plain = [{ id: 'x', taskId: 'a', actions: [tap], reaches: { checksPass: true, state: '' } }];
    expect(ProposedRoutesFileSchema.parse(plain)[0]).toMatchObject({ id: 'x', description: '' });
    expect(
      ProposedRoutesFileSchema.safeParse([{ id: 'x', taskId: 'a', actions: [], reaches: { checksPass: true, state: '' } }]).success,
    ).toBe(false);
    // What `graph try-paths --json` prints: the right paths the walk refused, without side effects, become routes (a
    // question asked is no action on the phone); careless ones, agreeing ones and those with a side effect do not.
    const ask = { type: 'AskUser', message: '哪个？' };
    const tried = {
      file: 'set.json',
      results: [
        {
          name: 'p1',
          taskId: 'a',
          actions: [ask, tap],
          phone: { pass: true },
          sideEffects: [],
          offline: { reason: 'off' },
          verdict: 'false-reject',
        },
        {
          name: 'p2',
          taskId: 'a',
          actions: [tap],
          phone: { pass: true },
          sideEffects: ['deleted: x'],
          offline: null,
          verdict: 'false-reject',
        },
        { name: 'p3', taskId: 'a', actions: [tap], phone: { pass: true }, sideEffects: [], offline: null, verdict: 'agree' },
        { name: 'p4', taskId: 'b', actions: [tap], phone: { pass: false }, sideEffects: [], offline: null, verdict: 'false-accept' },
      ],
    };
    expect(ProposedRoutesFileSchema.parse(tried)).toEqual([
      {
        id: 'a:p1',
        taskId: 'a',
        actions: [tap],
        reaches: { checksPass: true, state: '' },
        description: 'held-out path "p1" (the graph: off)',
      },
    ]);
  });
});
