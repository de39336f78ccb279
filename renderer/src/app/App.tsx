import { useEffect } from 'react';
import { TasksPage } from '../features/tasks/TasksPage.js';
import { SettingsPage } from '../features/settings/SettingsPage.js';
import { DevicesPage } from '../features/devices/DevicesPage.js';
import { RecordPage } from '../features/record/RecordPage.js';
import { GraphsPage } from '../features/graphs/GraphsPage.js';
import { RunsPage } from '../features/runs/RunsPage.js';
import { ReviewPage } from '../features/review/ReviewPage.js';
import { AnalysisPage } from '../features/analysis/AnalysisPage.js';
import { OverviewPage } from '../features/overview/OverviewPage.js';
import { PlaceholderPage } from '../features/placeholder/PlaceholderPage.js';
import { WorkspaceBadge } from '../features/workspace/WorkspaceBadge.js';
import { useAppStore } from '../store/app-store.js';
import { SECTIONS } from './sections.js';
import { useHashSection } from './use-hash-section.js';

function Page({ id }: { id: string }) {
  if (id === 'overview') return <OverviewPage />;
  if (id === 'tasks') return <TasksPage />;
  if (id === 'settings') return <SettingsPage />;
  if (id === 'devices') return <DevicesPage />;
  if (id === 'record') return <RecordPage />;
  if (id === 'graphs') return <GraphsPage />;
  if (id === 'runs') return <RunsPage />;
  if (id === 'review') return <ReviewPage />;
  if (id === 'analysis') return <AnalysisPage />;
  const section = SECTIONS.find((s) => s.id === id)!;
  return <PlaceholderPage section={section} />;
}

export function App() {
  const status = useAppStore((s) => s.status);
  const error = useAppStore((s) => s.error);
  const settings = useAppStore((s) => s.settings);
  const notice = useAppStore((s) => s.notice);
  const clearNotice = useAppStore((s) => s.clearNotice);
  const section = useHashSection();

  // The app-ready signal tests wait on, and the user's scale/theme, live on the root element.
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-app-state', status);
  }, [status]);
  useEffect(() => {
    if (!settings) return;
    document.documentElement.style.setProperty('--ui-scale', String(settings.uiScale));
    document.documentElement.dataset.theme = settings.theme;
  }, [settings]);
  useEffect(() => {
    // Move focus to the new page so keyboard and screen-reader users land on its content,
    // and drop the last screen's notice: it was about that screen.
    document.getElementById(`page-${section}`)?.focus({ preventScroll: true });
    clearNotice();
  }, [section, clearNotice]);

  if (status === 'error') {
    return (
      <main className="fatal" role="alert">
        <h1>ElderBench could not start</h1>
        <p>{error}</p>
        <p>Check that the backend is running (npm start or elderbench serve) and reload.</p>
      </main>
    );
  }
  if (status === 'loading') return <p className="loading">Loading ElderBench…</p>;

  return (
    <div className="frame">
      <a className="skip-link" href={`#/${section}`} onClick={() => document.getElementById(`page-${section}`)?.focus()}>
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">ElderBench</span>
        <WorkspaceBadge />
      </header>
      <nav className="sidenav" aria-label="Sections">
        <ul>
          {SECTIONS.map((s, i) => (
            <li key={s.id}>
              <a
                href={`#/${s.id}`}
                aria-current={s.id === section ? 'page' : undefined}
                data-testid={`nav-${s.id}`}
                title={`${s.purpose} (Alt+${i + 1})`}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id={`page-${section}`} className="page" tabIndex={-1} data-section={section}>
        <Page id={section} />
      </main>
      <div className={`notice ${notice?.kind ?? ''}`} role="status" aria-live="polite" data-testid="notice">
        {notice?.text}
      </div>
    </div>
  );
}
