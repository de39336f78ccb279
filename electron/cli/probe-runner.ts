// Probing lives with the services (the demo and `graph build --probe` use it too); commands import it from here.
export { probeTasks, probeTasksSummary } from '../services/graphs/probe-runner.js';
export type { ProbeRunOptions } from '../services/graphs/probe-runner.js';
