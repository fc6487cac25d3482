// A hand-written HTTP/1.1 exchange over a real socket, for requests no HTTP
// client sends: a body that stops or trickles, a malformed message. It keeps
// everything the server answers and notes when the server closes the socket.
import { connect } from 'node:net';
import { closeAfterTest } from './close-after-test.js';

export type RawExchange = {
  write: (data: string | Buffer) => Promise<void>;
  /** Everything the server has sent so far. */
  received: () => string;
  /**
   * Resolves when the server has closed the connection, with the milliseconds
   * since it was opened; fails, and hangs up, when it is still open after `withinMs`.
   */
  closedWithin: (withinMs: number) => Promise<number>;
  isClosed: () => boolean;
  destroy: () => void;
};

/** Opens a connection to `origin` (http://127.0.0.1:port) and sends `head` at once. */
export async function openExchange(origin: string, head: string | Buffer): Promise<RawExchange> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  closeAfterTest(() => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const openedAt = Date.now();
  const chunks: Buffer[] = [];
  let closed = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A reset after the answer (the server closed while bytes were still coming) is a close like any other.
  socket.on('error', () => {});
  const closedPromise = new Promise<number>((resolve) => {
    socket.once('close', () => {
      closed = true;
      resolve(Date.now() - openedAt);
    });
  });
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed || !socket.writable) {
        resolve();
        return;
      }
      socket.write(data, () => resolve());
    });
  const closedWithin = async (withinMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the connection was still open after ${withinMs} ms`)),
        withinMs,
      );
    });
    try {
      return await Promise.race([closedPromise, timeout]);
    } finally {
      clearTimeout(timer);
      socket.destroy();
    }
  };
  await write(head);
  return {
    write,
    received: () => Buffer.concat(chunks).toString('utf8'),
    closedWithin,
    isClosed: () => closed,
    destroy: () => socket.destroy(),
  };
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** The first answer in `raw` (what `received()` returned): status line, headers, body (Content-Length or chunked). */
export function parseAnswer(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete answer in ${JSON.stringify(raw)}`);
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    let decoded = '';
    for (let rest = body; rest.length > 0;) {
      const sizeEnd = rest.indexOf('\r\n');
      const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
      if (!size) break;
      decoded += rest.slice(sizeEnd + 2, sizeEnd + 2 + size);
      rest = rest.slice(sizeEnd + 2 + size + 2);
    }
    body = decoded;
  } else if (headers['content-length'] !== undefined) {
    body = Buffer.from(body).subarray(0, Number(headers['content-length'])).toString('utf8');
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
