import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';

/** Open or create a workspace folder by path (the desktop window adds a folder dialog later). */
export function WorkspacePicker() {
  const { workspace, recent, openWorkspace } = useAppStore(
    useShallow((s) => ({ workspace: s.workspace, recent: s.recentWorkspaces, openWorkspace: s.openWorkspace })),
  );
  const [path, setPath] = useState('');
  return (
    <section aria-labelledby="ws-title" className="card">
      <h2 id="ws-title">Workspace</h2>
      <p>
        Current folder: <code data-testid="workspace-current">{workspace?.path}</code> ({workspace?.taskCount ?? 0} tasks, schema v
        {workspace?.schemaVersion})
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) void openWorkspace(path.trim()).then((ok) => ok && setPath(''));
        }}
      >
        <label htmlFor="ws-path">Open or create a workspace folder</label>
        <div className="row">
          <input id="ws-path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/path/to/folder" />
          <button type="submit">Open</button>
        </div>
      </form>
      {recent.length > 1 && (
        <>
          <h3>Recent</h3>
          <ul className="plain">
            {recent
              .filter((r) => r !== workspace?.path)
              .map((r) => (
                <li key={r}>
                  <button type="button" className="link" onClick={() => void openWorkspace(r)}>
                    {r}
                  </button>
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
