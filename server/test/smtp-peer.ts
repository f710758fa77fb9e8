import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback for delivery tests. `setRefusing(true)` makes it answer 451 to every message;
 * `stop()` and `start()` take it down and bring it back on the same port (`closeTimeoutMs` bounds how long
 * open connections outlive `stop()`); `delayMs` makes each message slow; `unknownRecipients` get 550.
 */
export async function startSmtpPeer(
  options: { delayMs?: number; closeTimeoutMs?: number; unknownRecipients?: string[] } = {},
) {
  const received: ReceivedMail[] = [];
  const receiving: Array<() => void> = [];
  let refuse = false;
  let server: SMTPServer | undefined;
  let port = 0;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // How long stop() lets open connections (a sender's pooled ones) live on; smtp-server's default is 30 s.
      closeTimeout: options.closeTimeoutMs ?? 30_000,
      onRcptTo(address, _session, callback) {
        if (options.unknownRecipients?.includes(address.address)) {
          callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        receiving.splice(0).forEach((notify) => notify());
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (refuse) {
            callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
            return;
          }
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          };
          setTimeout(() => {
            received.push(mail);
            callback();
          }, options.delayMs ?? 0);
        });
      },
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    port = (listening.server.address() as AddressInfo).port;
  };

  await start();
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    /** Resolves when the next message starts arriving. */
    nextMessageStarts: () => new Promise<void>((resolve) => receiving.push(resolve)),
    setRefusing(value: boolean) {
      refuse = value;
    },
    start,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
