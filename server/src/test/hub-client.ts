import { io as connect, type Socket } from 'socket.io-client';
import { HUB_PATH, RECEIVE, type HubMessage } from '@gavel/domain';

/**
 * Test clients of the live hub over a real WebSocket: opened, waited on, and closed together.
 * No reconnection, so a socket the hub drops stays dropped for the test to see.
 */
export class HubClients {
  private readonly sockets: Socket[] = [];

  open(base: string, auth: Record<string, string>, query: Record<string, string> = {}): Socket {
    const s = connect(base, { path: HUB_PATH, auth, query, transports: ['websocket'], reconnection: false });
    this.sockets.push(s);
    return s;
  }

  closeAll(): void {
    this.sockets.forEach((s) => s.close());
  }
}

/** Resolves once the socket connects; rejects with the hub's refusal. */
export const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', (err) => reject(err));
  });

/** The reason the socket is next disconnected. */
export const disconnected = (s: Socket) =>
  new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

/** The next message of a type the hub sends the socket. */
export function nextMessage(s: Socket, type: HubMessage['type']): Promise<HubMessage> {
  return new Promise((resolve) => {
    const on = (m: HubMessage) => {
      if (m.type !== type) return;
      s.off(RECEIVE, on);
      resolve(m);
    };
    s.on(RECEIVE, on);
  });
}
