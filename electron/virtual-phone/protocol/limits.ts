/**
 * What one client may hold on the phone's ADB endpoints (the adb server and each phone's daemon),
 * so a client that opens connections or streams and never finishes cannot pin sockets or memory:
 * a connection must finish its handshake (the daemon's CNXN/AUTH, the server's first request)
 * within `handshakeMs`; at most `pendingConnections` may be waiting to do so at once (more are
 * closed as they arrive); one daemon connection may hold at most `streamsPerConnection` open
 * streams (more are refused with CLSE, as a daemon refuses a service it cannot open).
 */
export interface ConnectionLimits {
  handshakeMs: number;
  pendingConnections: number;
  streamsPerConnection: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  handshakeMs: 30_000,
  pendingConnections: 64,
  streamsPerConnection: 256,
};
