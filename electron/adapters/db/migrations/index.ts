import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-step-thumbnails.js';
import * as m0003 from './0003-graph-probes.js';
import * as m0004 from './0004-verb-annotations.js';
import * as m0005 from './0005-stf-claims.js';
import * as m0010 from './0010-off-graph-decisions.js';
import * as m0014 from './0014-leases.js';
import * as m0018 from './0018-pending-captures.js';
import * as m0022 from './0022-run-trials.js';
import * as m0032 from './0032-run-imports.js';

export interface Migration {
  /** Applied in ascending order; never renumber or edit one that has shipped (the hash check refuses). */
  version: number;
  name: string;
  up: string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', up: m0001.up },
  { version: 2, name: 'step-thumbnails', up: m0002.up },
  { version: 3, name: 'graph-probes', up: m0003.up },
  { version: 4, name: 'verb-annotations', up: m0004.up },
  { version: 5, name: 'stf-claims', up: m0005.up },
  { version: 10, name: 'off-graph-decisions', up: m0010.up },
  { version: 14, name: 'leases', up: m0014.up },
  { version: 18, name: 'pending-captures', up: m0018.up },
  { version: 22, name: 'run-trials', up: m0022.up },
  { version: 32, name: 'run-imports', up: m0032.up },
];
