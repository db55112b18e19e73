/**
 * A TCP proxy in front of molt's API for the OpenClaw tier: the plugin talks to the proxy, and
 * the test takes molt away (`down()`: open connections cut, new ones refused) and brings it back
 * (`up()`) without stopping the stack behind it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface MoltProxy {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<MoltProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(targetPort), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
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

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      const s = server;
      server = undefined;
      s.close(() => resolve());
    });

  await listen();
  return { url: `http://127.0.0.1:${port}`, down: stop, up: listen, close: stop };
}
