/**
 * Keeps an API key out of every string we produce (errors, logs). Some servers echo the key,
 * whole or in part ("Incorrect API key provided: sk-abc…"), in their error bodies, so we remove
 * the whole key and every 8-character window of it.
 */
export function makeRedactor(secret: string | null | undefined): (s: string) => string {
  if (!secret || secret.length < 4) return (s) => s;
  const windows = new Set<string>([secret]);
  if (secret.length > 8) for (let i = 0; i + 8 <= secret.length; i++) windows.add(secret.slice(i, i + 8));
  const sorted = [...windows].sort((a, b) => b.length - a.length);
  return (s) => {
    let out = s;
    for (const w of sorted) if (out.includes(w)) out = out.split(w).join('[redacted]');
    return out;
  };
}
