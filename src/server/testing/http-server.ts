// A throwaway local HTTP server for tests of outbound fetches. It counts the
// connections it accepts, so a test can prove a refused fetch never reached it.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAfterTest } from './close-after-test.js';

export type TestServer = {
  port: number;
  host: string;
  /** http://host:port, with brackets for IPv6. */
  origin: string;
  connections: () => number;
  requests: IncomingMessage[];
  close: () => Promise<void>;
};

export async function startHttpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  host = '127.0.0.1',
): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    requests.push(request);
    handler(request, response);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    port,
    host,
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  closeAfterTest(testServer.close);
  return testServer;
}
