/**
 * A TCP proxy in front of PostgreSQL that a test can cut (every open connection destroyed, new
 * ones refused) and restore: a database outage without touching the machine's server.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface PgProxy {
  /** The database URL through the proxy (same database, user and options). */
  url: string;
  cut(): void;
  restore(): void;
  /** The next bytes any client sends (its next query) drop that client's connection instead. */
  dropOnNextQuery(): void;
  close(): Promise<void>;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const upstream = { host: target.hostname, port: Number(target.port || 5432) };
  const open = new Set<Socket>();
  let broken = false;
  let dropArmed = false;
  const { connect } = await import('node:net');
  const server: Server = createServer((client) => {
    if (broken) {
      client.destroy();
      return;
    }
    const remote = connect(upstream);
    open.add(client);
    open.add(remote);
    const drop = () => {
      client.destroy();
      remote.destroy();
      open.delete(client);
      open.delete(remote);
    };
    client.on('error', drop);
    remote.on('error', drop);
    client.on('close', drop);
    remote.on('close', drop);
    client.on('data', (chunk) => {
      if (dropArmed) {
        dropArmed = false;
        drop();
        return;
      }
      remote.write(chunk);
    });
    remote.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy did not bind');
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  return {
    url: url.toString(),
    cut() {
      broken = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      broken = false;
    },
    dropOnNextQuery() {
      dropArmed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
