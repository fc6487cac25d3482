// What a failure means (docs/security.md rules 16, 25): only the database going away is
// a 503, and only real faults are logged as errors; a client that hangs up is
// neither.
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createSignedInUser, uniqueEmail, uploadUrlFor } from '../testing/factories.js';
import { createTestApp } from '../testing/test-app.js';
import { createWorkerDatabase } from '../testing/test-database.js';

type LogLine = { level: number; msg: string; err?: { code?: string } };

/**
 * An app that logs everything (debug and up) into `lines`, records the status of
 * every answer it sends, and counts the bodies it has started to read.
 */
async function observedApp(deps: Parameters<typeof createTestApp>[1] = {}) {
  const lines: LogLine[] = [];
  const statuses: number[] = [];
  let bodiesBeingRead = 0;
  const app = await createTestApp(
    {},
    {
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
      },
      beforeRoutes: (root) => {
        root.addHook('preParsing', async (_request, _reply, payload) => {
          bodiesBeingRead += 1;
          return payload;
        });
        root.addHook('onSend', async (_request, reply, payload) => {
          statuses.push(reply.statusCode);
          return payload;
        });
      },
      ...deps,
    },
  );
  return { app, lines, statuses, bodiesBeingRead: () => bodiesBeingRead };
}

/** Sends `head` over a real connection, waits until the app reads the body, and hangs up. */
async function hangUpMidBody(
  app: FastifyInstance,
  head: string,
  bodiesBeingRead: () => number,
): Promise<void> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = connect(Number(new URL(address).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const before = bodiesBeingRead();
  socket.write(head);
  await until(() => bodiesBeingRead() > before);
  socket.destroy();
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const DEBUG = 20;
const WARN = 40;

describe('a client that hangs up (docs/security.md rule 25)', () => {
  it('mid-upload: logged at debug as a client abort, not as an error, and not answered as a 503', async () => {
    const { app, lines, statuses, bodiesBeingRead } = await observedApp();
    const owner = await createSignedInUser(app);
    const uploadURL = await uploadUrlFor(app, { purpose: 'product-image', cookie: owner.cookie });
    await hangUpMidBody(
      app,
      `PUT ${uploadURL} HTTP/1.1\r\nhost: localhost\r\ncontent-type: image/jpeg\r\ncontent-length: 100000\r\n\r\n${'x'.repeat(5000)}`,
      bodiesBeingRead,
    );
    await until(() => lines.some((line) => line.err));
    expect(lines.find((line) => line.err)).toMatchObject({
      level: DEBUG,
      msg: 'client closed the connection before the answer',
    });
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
    // The answer nobody reads is a 400, not a 503.
    expect(statuses.at(-1)).toBe(400);
  });

  it('mid-JSON body: the same', async () => {
    const { app, lines, statuses, bodiesBeingRead } = await observedApp();
    await hangUpMidBody(
      app,
      `POST /api/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"email":"${uniqueEmail()}"`,
      bodiesBeingRead,
    );
    await until(() => lines.some((line) => line.err));
    expect(lines.find((line) => line.err)).toMatchObject({
      level: DEBUG,
      msg: 'client closed the connection before the answer',
    });
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
    // The answer nobody reads is a 400, not a 503.
    expect(statuses.at(-1)).toBe(400);
  });
});

describe('which failures are the database being away', () => {
  it('a connection reset that does not come from the database is an internal error (500), not a 503', async () => {
    const { app, lines } = await observedApp({
      beforeRoutes: (root) =>
        root.get('/api/probe/outbound-reset', async () => {
          throw Object.assign(new Error('read ECONNRESET'), {
            code: 'ECONNRESET',
            syscall: 'read',
          });
        }),
    });
    const response = await app.inject({ method: 'GET', url: '/api/probe/outbound-reset' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
    });
    expect(lines.filter((line) => line.level >= 50).map((line) => line.err?.code)).toEqual([
      'ECONNRESET',
    ]);
  });

  it('a query on a database that has gone away is a 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const database = await createWorkerDatabase();
    const { app } = await observedApp({ database });
    await database.close();
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail(), password: 'whatever password' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable' },
    });
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe('answers the server gives on purpose (docs/security.md rule 25)', () => {
  it('a 5xx a service decided on (storage full, provider away) is logged as a warning, not as an error', async () => {
    const { app, lines } = await observedApp({
      beforeRoutes: (root) =>
        root.get('/api/probe/storage-full', async () => {
          throw new AppError(
            507,
            'STORAGE_FULL',
            'Uploads are paused for now. Please try again later.',
          );
        }),
    });
    const response = await app.inject({ method: 'GET', url: '/api/probe/storage-full' });
    expect(response.statusCode).toBe(507);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.level === WARN).map((line) => line.msg)).toEqual([
      'request refused',
    ]);
  });
});
