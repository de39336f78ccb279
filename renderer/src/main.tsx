import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { SECTIONS } from './app/sections.js';
import { useAppStore } from './store/app-store.js';
import './styles.css';

// Alt+1…8 jumps between sections from anywhere.
window.addEventListener('keydown', (e) => {
  if (!e.altKey || e.ctrlKey || e.metaKey) return;
  const n = Number(e.key);
  const s = Number.isInteger(n) && n >= 1 ? SECTIONS[n - 1] : undefined;
  if (s) {
    e.preventDefault();
    window.location.hash = `#/${s.id}`;
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void useAppStore.getState().init();
