import { isIP } from 'node:net';

/** True only for addresses that cannot be reached from another machine. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const h = host.replace(/^\[|\]$/g, '');
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1';
  return false;
}

/**
 * DNS-rebinding guard: a page on evil.example resolving to 127.0.0.1 still sends
 * `Host: evil.example`, so only loopback names with our own port are accepted.
 */
export function isAllowedHostHeader(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader);
  if (!m) return false;
  return isLoopbackHost(m[1]!) && Number(m[2] ?? 80) === port;
}
