import { describe, expect, it } from 'vitest';
import { isOwnRendererUrl } from './app-protocol.js';
import type { GuardedContents, PermissionSession } from './navigation-guards.js';
import { denyAllPermissions, installNavigationGuards, isAllowedExternalUrl } from './navigation-guards.js';

type Listener = (e: { url: string; preventDefault(): void }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null;
  const contents: GuardedContents = {
    on: (event: string, l: Listener) => listeners.set(event, l),
    setWindowOpenHandler: (h) => void (openHandler = h),
  } as GuardedContents;
  const fire = (event: string, url = ''): boolean => {
    let prevented = false;
    listeners.get(event)!({ url, preventDefault: () => void (prevented = true) });
    return prevented;
  };
  return { contents, fire, open: (url: string) => openHandler!({ url }) };
}

describe('the window cannot be navigated away or open what it likes', () => {
  it('blocks navigations, redirects and frame navigations that leave app://elderbench, and every webview', () => {
    const f = fakeContents();
    const opened: string[] = [];
    installNavigationGuards(f.contents, isOwnRendererUrl, (u) => opened.push(u));
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      expect(f.fire(event, 'https://evil.example/'), event).toBe(true);
      expect(f.fire(event, 'file:///etc/passwd'), event).toBe(true);
      expect(f.fire(event, 'http://127.0.0.1:3000/'), event).toBe(true);
      expect(f.fire(event, 'app://elderbench/index.html#/runs'), event).toBe(false);
    }
    expect(f.fire('will-attach-webview')).toBe(true);
    expect(opened).toEqual([]);
  });

  it("opens only allow-listed https links, in the user's browser, and never a new window", () => {
    const f = fakeContents();
    const opened: string[] = [];
    installNavigationGuards(f.contents, isOwnRendererUrl, (u) => opened.push(u));
    for (const url of [
      'https://evil.example/',
      'http://github.com/x',
      'file:///etc/passwd',
      'ms-settings:',
      'smb://host/share',
      'https://github.com.evil.example/',
      'https://user:pw@github.com/',
      'https://github.com:444/',
      'javascript:alert(1)',
    ]) {
      expect(f.open(url)).toEqual({ action: 'deny' });
    }
    expect(opened).toEqual([]);
    expect(f.open('https://github.com/elderbench')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://github.com/elderbench']);
    expect(isAllowedExternalUrl('https://github.com/a')).toBe(true);
    expect(isAllowedExternalUrl('https://api.github.com/a')).toBe(false);
  });

  it('answers both permission requests and silent permission checks with no', () => {
    let request: Parameters<PermissionSession['setPermissionRequestHandler']>[0] | null = null;
    let check: Parameters<PermissionSession['setPermissionCheckHandler']>[0] | null = null;
    denyAllPermissions({ setPermissionRequestHandler: (h) => void (request = h), setPermissionCheckHandler: (h) => void (check = h) });
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'clipboard-read', 'geolocation', 'openExternal']) {
      request!(null, p, (granted) => answers.push(granted));
      answers.push(check!(null, p));
    }
    expect(answers.every((a) => a === false)).toBe(true);
    expect(answers).toHaveLength(10);
  });
});
