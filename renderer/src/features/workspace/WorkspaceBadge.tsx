import { useAppStore } from '../../store/app-store.js';

export function WorkspaceBadge() {
  const workspace = useAppStore((s) => s.workspace);
  return (
    <a className="workspace-badge" href="#/settings" title="Change workspace in Settings" data-testid="workspace-path">
      Workspace: <span>{workspace?.path ?? '…'}</span>
      {workspace?.readOnly && <strong data-testid="workspace-read-only"> (read-only: you can look and export, not change)</strong>}
    </a>
  );
}
