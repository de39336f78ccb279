/**
 * The renderer's Content-Security-Policy, one declaration for both ways it is served: our own scripts only (no
 * inline script, no eval), no remote content, no plugins, no forms, never framed. The desktop window also loads
 * images by id through its eb-blob: scheme; web mode serves them from its own origin.
 */
export function rendererCsp(served: 'web' | 'desktop'): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${served === 'desktop' ? ' eb-blob:' : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
