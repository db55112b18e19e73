/**
 * A TCP proxy in front of molt's API for the OpenClaw tier: the plugin talks to the proxy, and
 * the test takes molt away (`down()`: open connections cut, new ones refused), hangs it
 * (`hang()`: open connections cut, new ones accepted and never answered) and brings it back
 * (`up()`) without stopping the stack behind it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface MoltProxy {
  url: string;
  down(): Promise<void>;
  hang(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<MoltProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let hanging = false;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        track(client);
        if (hanging) {
          // Accepted, read and never answered: molt hung.
          client.on('error', () => client.destroy());
          client.resume();
          return;
        }
        const upstream = connect(Number(targetPort), hostname);
        track(upstream);
        for (const socket of [client, upstream]) {
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  const stop = () =>
    new Promise<void>((resolve) => {
      cut();
      if (!server) return resolve();
      const s = server;
      server = undefined;
      s.close(() => resolve());
    });

  /** Listening (again) in the given mode; connections of the previous mode are cut. */
  const serve = async (hang: boolean) => {
    hanging = hang;
    cut();
    if (!server) await listen();
  };

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    down: stop,
    hang: () => serve(true),
    up: () => serve(false),
    close: stop,
  };
}
