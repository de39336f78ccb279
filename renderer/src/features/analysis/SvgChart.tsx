import { useEffect, useState } from 'react';

/** A backend-rendered chart, shown as an image from a local object URL (no inline markup from the wire). */
export function SvgChart({ svg, title }: { svg: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [svg]);
  return (
    <figure className="chart">
      {url && <img src={url} alt={title} />}
      <figcaption>{title}</figcaption>
    </figure>
  );
}
