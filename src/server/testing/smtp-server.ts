// A local SMTP server (the `smtp-server` package) on a free loopback port that
// keeps every message it receives, for tests of the real SMTP mailer.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { closeAfterTest } from './close-after-test.js';

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type TestSmtpServer = {
  url: string;
  messages: ReceivedMail[];
  /**
   * Connections that ended in an error, as a client killed mid-message leaves (ECONNRESET): recorded, so that the
   * server goes on to the next client as a real mail server does, instead of failing the test run.
   */
  connectionErrors: Error[];
  /** Messages received in full and not answered yet (holdAfter). */
  held: ReceivedMail[];
  /**
   * Stops holding: the held messages whose sender is still connected are accepted, those whose sender went away
   * are dropped (a mail server never keeps a message it did not answer), and later ones are accepted at once.
   */
  release: () => void;
  /** Resolves with the next message (or one already received and not yet taken). */
  nextMessage: () => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export type SmtpServerOptions = {
  /** Recipients answered "550 No such user", as a mailbox that does not exist is. */
  rejects?: (address: string) => boolean;
  /**
   * Once this many messages are accepted, each next one is received in full and held unanswered until release():
   * a mail server that stalls, so that a sender is caught with messages in flight.
   */
  holdAfter?: number;
};

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  let taken = 0;
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const held: { mail: ReceivedMail; sessionId: string; accept: () => void }[] = [];
  const closedSessions = new Set<string>();
  let holdAfter = options.holdAfter ?? Infinity;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      if (options.rejects?.(address.address)) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Kept as it is accepted (the 250 answer), as a real mail server commits it.
        const accept = () => {
          messages.push(mail);
          const waiter = waiting.shift();
          if (waiter) {
            taken += 1;
            waiter(mail);
          }
          callback();
        };
        if (messages.length >= holdAfter) held.push({ mail, sessionId: session.id, accept });
        else accept();
      });
    },
  });
  const connectionErrors: Error[] = [];
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      server.on('error', (error) => connectionErrors.push(error));
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const testServer: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connectionErrors,
    get held() {
      return held.map((entry) => entry.mail);
    },
    release: () => {
      holdAfter = Infinity;
      for (const entry of held.splice(0)) {
        if (!closedSessions.has(entry.sessionId)) entry.accept();
      }
    },
    nextMessage: () =>
      new Promise((resolve) => {
        const ready = messages[taken];
        if (ready) {
          taken += 1;
          resolve(ready);
        } else {
          waiting.push(resolve);
        }
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  closeAfterTest(testServer.close);
  return testServer;
}
