import type { Section } from '../../app/sections.js';

/** Honest about what is not built yet: what the section will do and where it is tracked. */
export function PlaceholderPage({ section }: { section: Section }) {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{section.label}</h1>
      <p className="lead">{section.purpose}</p>
      {section.issue !== undefined && (
        <p className="muted" data-testid="not-built">
          Not built yet: this section arrives with issue #{section.issue}.
        </p>
      )}
    </section>
  );
}
