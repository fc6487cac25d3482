// The tests' SMTP server meets clients that die mid-message: the kill -9 test kills the server it serves while a
// message is being sent. A real mail server drops such a message and goes on; so must this one, without an
// unhandled error that fails the whole test run.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from './smtp-server.js';

/** Speaks SMTP up to the middle of a message's data, then resets the connection as a killed process's does. */
async function vanishMidMessage(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  const answered = (code: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (new RegExp(`^${code} `, 'm').test(received)) {
          received = '';
          resolve();
        }
      };
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        check();
      });
      socket.once('error', reject);
      check();
    });
  await answered('220');
  for (const [command, code] of [
    ['EHLO test', '250'],
    ['MAIL FROM:<a@example.com>', '250'],
    ['RCPT TO:<b@example.com>', '250'],
    ['DATA', '354'],
  ] as const) {
    socket.removeAllListeners('data');
    socket.write(`${command}\r\n`);
    await answered(code);
  }
  socket.write('Subject: cut short\r\n\r\nThe first half of the');
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.resetAndDestroy();
}

describe("the tests' SMTP server", () => {
  it('drops a message whose sender vanished mid-message, records the reset, and takes the next', async () => {
    const server = await startSmtpServer();
    await vanishMidMessage(server.url);
    await expect
      .poll(() => server.connectionErrors.map((error) => (error as NodeJS.ErrnoException).code))
      .toEqual(['ECONNRESET']);
    expect(server.messages).toEqual([]);

    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    const greeting = await new Promise<string>((resolve) =>
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))),
    );
    socket.destroy();
    expect(greeting).toMatch(/^220 /);
  });
});
