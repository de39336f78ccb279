import { useEffect, useState } from 'react';

/**
 * A chart the backend rendered (ECharts SSR → SVG), shown as an image from a local object
 * URL, so no markup from the wire enters the page. `description` (the numbers in words)
 * is its text alternative; without one, the title is.
 */
export function BackendChart({ svg, title, description, testid }: { svg: string; title: string; description?: string; testid?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [svg]);
  return (
    <figure className="chart" data-testid={testid}>
      {url && <img src={url} alt={description ? `${title}. ${description}` : title} />}
      <figcaption>{title}</figcaption>
    </figure>
  );
}
