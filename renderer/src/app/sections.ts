/** The app's sections, in navigation order. `issue` names where an unfinished one is tracked. */
export interface Section {
  id: string;
  label: string;
  /** What the section is for, shown to someone who opens it. */
  purpose: string;
  issue?: number;
}

export const SECTIONS: readonly Section[] = [
  {
    id: 'overview',
    label: 'Overview',
    purpose: 'The workspace at a glance: tasks, demonstrations, graphs and runs, and what still needs doing.',
  },
  { id: 'devices', label: 'Devices', purpose: 'Connect phones or the built-in virtual phone and mirror their screens.' },
  { id: 'record', label: 'Record', purpose: 'Record human demonstrations: screenshot, UI hierarchy and action at every step.' },
  { id: 'tasks', label: 'Tasks', purpose: 'The task sets in this workspace.' },
  { id: 'graphs', label: 'Graphs', purpose: 'Task graphs merged from demonstrations, for offline evaluation.' },
  { id: 'runs', label: 'Runs', purpose: 'Run agents online and offline and see the results table.' },
  { id: 'review', label: 'Review', purpose: "Page through every task's screenshots and label failures." },
  { id: 'analysis', label: 'Analysis', purpose: 'Linguistic, normalization and attribution analyses.' },
  { id: 'settings', label: 'Settings', purpose: 'Workspace, display and device settings.' },
];

export const DEFAULT_SECTION = 'overview';

export function sectionFromHash(hash: string): string {
  const id = hash.replace(/^#\/?/, '');
  return SECTIONS.some((s) => s.id === id) ? id : DEFAULT_SECTION;
}
