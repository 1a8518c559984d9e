import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can cut a connection at an exact moment, which a real
 * restart only does by chance: armed, it closes the next connection that sends anything (a
 * transaction's BEGIN), on both sides, before the statement reaches the server.
 */
export interface CuttingProxy {
  /** The database URL through the proxy. */
  url: string;
  cutAtNextStatement(): void;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<CuttingProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let armed = false;
  const proxy = createServer((client) => {
    const backend = connect(Number(upstream.port), upstream.hostname);
    const pair = [client, backend];
    const end = () => pair.forEach((s) => s.destroy());
    for (const s of pair) {
      sockets.add(s);
      // A cut or a closed side ends the pair; the errors it causes are the point, not a failure here.
      s.on('error', end);
      s.on('close', () => {
        sockets.delete(s);
        end();
      });
    }
    client.on('data', (chunk) => {
      if (armed) {
        armed = false;
        end();
        return;
      }
      backend.write(chunk);
    });
    backend.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (typeof address !== 'object' || address === null) throw new Error('the proxy is not listening');
  const url = new URL(target);
  url.port = String(address.port);
  return {
    url: url.toString(),
    cutAtNextStatement: () => {
      armed = true;
    },
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
