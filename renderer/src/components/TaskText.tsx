import { useAppStore } from '../store/app-store.js';

/** What a task's instruction needs to be shown in either language. */
export interface TaskTextSource {
  instruction: string;
  translation: string | null;
  lang: 'zh' | 'en';
}

/** The instruction in the language Settings ask for, and the other one (for a hover), when the task has both. */
export function taskTexts(t: TaskTextSource, want: 'zh' | 'en'): { shown: string; shownLang: 'zh' | 'en'; other: string | null } {
  const english = t.lang === 'en' ? t.instruction : t.translation;
  const original = t.instruction;
  if (want === 'en' && english) return { shown: english, shownLang: 'en', other: english === original ? null : original };
  return { shown: original, shownLang: t.lang, other: english && english !== original ? english : null };
}

/**
 * A task's instruction as Settings → "Show task text in" asks (the original, or the English
 * translation the task set gives), with the other language one hover away (its title).
 */
export function TaskText({ task, className }: { task: TaskTextSource; className?: string }) {
  const want = useAppStore((s) => s.settings?.taskLanguage ?? 'zh');
  const t = taskTexts(task, want);
  return (
    <span lang={t.shownLang} title={t.other ?? undefined} className={className} data-testid="task-text">
      {t.shown}
    </span>
  );
}
