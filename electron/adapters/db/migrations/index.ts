import * as m0001 from './0001-initial.js';

export interface Migration {
  /** Applied in ascending order; never renumber or edit one that has shipped (the hash check refuses). */
  version: number;
  name: string;
  up: string;
}

export const MIGRATIONS: readonly Migration[] = [{ version: 1, name: 'initial', up: m0001.up }];
