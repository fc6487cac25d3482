// A TCP proxy in front of a real server (Redis, PostgreSQL) that a test can
// break the way production breaks: `freeze()` stops forwarding bytes but keeps
// every connection open (a stopped process, a partition), `cut()` resets every
// connection and every new one (a server that is down). `restore()` undoes both.
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { closeAfterTest } from './close-after-test.js';

export type TcpProxy = {
  port: number;
  freeze: () => void;
  cut: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

type Direction = { from: Socket; to: Socket; held: Buffer[] };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'frozen' | 'cut' = 'open';
  const sockets = new Set<Socket>();
  const directions: Direction[] = [];

  const relay = (direction: Direction) => {
    direction.from.on('data', (chunk: Buffer) => {
      // Held bytes reach the other side on restore, as a resumed process would read them.
      if (mode === 'frozen') direction.held.push(chunk);
      else direction.to.write(chunk);
    });
    directions.push(direction);
  };

  const server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    relay({ from: client, to: upstream, held: [] });
    relay({ from: upstream, to: client, held: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const proxy: TcpProxy = {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      mode = 'frozen';
    },
    cut: () => {
      mode = 'cut';
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore: () => {
      mode = 'open';
      for (const direction of directions.splice(0)) {
        if (direction.to.destroyed) continue;
        for (const chunk of direction.held.splice(0)) direction.to.write(chunk);
        directions.push(direction);
      }
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  closeAfterTest(proxy.close);
  return proxy;
}
