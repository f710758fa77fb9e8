import { describe, expect, it, vi } from 'vitest';
import { addressHasher, type Log, type LogLine, redactAddresses } from './log.ts';

function recording() {
  const lines: Array<LogLine & { level: string }> = [];
  const log: Log = {
    info: (line) => lines.push({ level: 'info', ...line }),
    warn: (line) => lines.push({ level: 'warn', ...line }),
    error: (line) => lines.push({ level: 'error', ...line }),
  };
  return { lines, log };
}

/** Waits until `count` lines are written: lines with an address wait for its hash. */
const written = (lines: unknown[], count: number) => vi.waitFor(() => expect(lines).toHaveLength(count));

describe('addressHasher', () => {
  it('gives one token per mailbox, whatever the capitalisation, and another under another key', async () => {
    const hash = addressHasher('a-key-of-at-least-thirty-two-characters');
    const token = await hash('Ada@Example.com');
    expect(token).toMatch(/^addr_[0-9a-f]{16}$/);
    expect(await hash(' ada@example.COM ')).toBe(token);
    expect(await hash('bob@example.com')).not.toBe(token);
    expect(await addressHasher('another-key-of-at-least-thirty-two-chars')('ada@example.com')).not.toBe(
      token,
    );
  });
});

describe('redactAddresses', () => {
  it('writes every address as its token, in fields, error texts and nested values', async () => {
    const hash = addressHasher('a-key-of-at-least-thirty-two-characters');
    const { lines, log } = recording();
    redactAddresses(log, hash).warn({
      event: 'mail.retry',
      to: 'Ada@Example.com',
      error: '550 5.1.1 <ada@example.com>: mailbox unavailable',
      batch: [{ recipient: 'bob@example.org' }],
    });
    await written(lines, 1);
    const ada = await hash('ada@example.com');
    expect(lines).toEqual([
      {
        level: 'warn',
        event: 'mail.retry',
        to: ada,
        error: `550 5.1.1 <${ada}>: mailbox unavailable`,
        batch: [{ recipient: await hash('bob@example.org') }],
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('@');
  });

  it('keeps the order of the calls, and writes lines without an address at once when nothing waits', async () => {
    const { lines, log } = recording();
    const redacting = redactAddresses(log, addressHasher('a-key-of-at-least-thirty-two-characters'));
    redacting.info({ event: 'first' });
    expect(lines.map((line) => line.event)).toEqual(['first']);
    redacting.info({ event: 'second', to: 'ada@example.com' });
    redacting.error({ event: 'third' });
    expect(lines.map((line) => line.event)).toEqual(['first']);
    await written(lines, 3);
    expect(lines.map((line) => line.event)).toEqual(['first', 'second', 'third']);
  });

  it('writes only the event when hashing fails, never the address', async () => {
    const { lines, log } = recording();
    redactAddresses(log, () => Promise.reject(new Error('no crypto'))).info({
      event: 'mail.sent',
      to: 'ada@example.com',
    });
    await written(lines, 1);
    expect(lines).toEqual([{ level: 'info', event: 'mail.sent', redaction_failed: true }]);
  });
});
