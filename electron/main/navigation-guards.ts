/**
 * What the window may open or become. The app never navigates away from its own page: links
 * to the outside world open in the user's browser, and only for a short list of hosts, so a
 * page that got into a view (a crafted blob, an injected link) cannot open `file:`, custom
 * protocol handlers or any site it likes through shell.openExternal.
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = ['github.com', 'www.github.com'];

export function isAllowedExternalUrl(url: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' && u.username === '' && u.password === '' && u.port === '' && hosts.includes(u.hostname);
  } catch {
    return false;
  }
}

/** The slice of Electron's WebContents the guards use; a fake stands in for it in tests. */
export interface GuardedContents {
  on(
    event: 'will-navigate' | 'will-redirect' | 'will-frame-navigate',
    listener: (e: { url: string; preventDefault(): void }) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (e: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Blocks every navigation, redirect and frame navigation that leaves our own renderer, every
 * new window and every <webview>; allowed external links go to the user's browser instead.
 */
export function installNavigationGuards(
  contents: GuardedContents,
  isOwn: (url: string) => boolean,
  openExternal: (url: string) => void,
  log: (message: string) => void = () => {},
): void {
  for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate'] as const) {
    contents.on(event, (e) => {
      if (isOwn(e.url)) return;
      e.preventDefault();
      log(`blocked ${event} to ${e.url}`);
    });
  }
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) openExternal(url);
    else log(`blocked opening ${url}`);
    return { action: 'deny' };
  });
}

/** The slice of Electron's Session the permission handlers need. */
export interface PermissionSession {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (wc: unknown, permission: string) => boolean): void;
}

/**
 * Nothing the app shows needs a permission (camera, microphone, notifications, clipboard
 * reads, USB…). Request handlers answer prompts; check handlers answer the silent queries
 * (`navigator.permissions`, some device APIs) that never prompt — both say no.
 */
export function denyAllPermissions(session: PermissionSession, log: (message: string) => void = () => {}): void {
  session.setPermissionRequestHandler((_wc, permission, callback) => {
    log(`denied permission request: ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
}
