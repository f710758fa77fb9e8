/** Structured log lines: one JSON object per line, so a log search can filter on `event`. */

export type LogLine = { event: string } & Record<string, unknown>;

export interface Log {
  info(line: LogLine): void;
  warn(line: LogLine): void;
  error(line: LogLine): void;
}

export const consoleLog: Log = {
  info: (line) => console.log(JSON.stringify({ level: 'info', ...line })),
  warn: (line) => console.warn(JSON.stringify({ level: 'warn', ...line })),
  error: (line) => console.error(JSON.stringify({ level: 'error', ...line })),
};

/** Anything shaped like an e-mail address, wherever it sits in a line (a field, an error text, a path). */
const ADDRESS = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

export type AddressHasher = (address: string) => Promise<string>;

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * HMAC-SHA256 of the address (trimmed, lower-cased) under `key`, as `addr_` and 16 hex digits: the same
 * person always gets the same token, which the owner's tool computes (`signups find-logs`), and without the
 * key nobody can test a guessed address against a log. Web Crypto, so Node and Deno both run it.
 */
export function addressHasher(key: string): AddressHasher {
  const encoder = new TextEncoder();
  let hmacKey: ReturnType<typeof crypto.subtle.importKey> | undefined;
  return async (address) => {
    hmacKey ??= crypto.subtle.importKey(
      'raw',
      encoder.encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await crypto.subtle.sign('HMAC', await hmacKey, encoder.encode(address.trim().toLowerCase()));
    return `addr_${hex(mac).slice(0, 16)}`;
  };
}

async function redact(value: unknown, hash: AddressHasher): Promise<unknown> {
  if (typeof value === 'string') {
    const addresses = [...new Set(value.match(ADDRESS) ?? [])];
    let text = value;
    for (const address of addresses) text = text.replaceAll(address, await hash(address));
    return text;
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => redact(item, hash)));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await redact(item, hash)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

async function redactLine(line: LogLine, hash: AddressHasher): Promise<LogLine> {
  const entries = await Promise.all(
    Object.entries(line).map(async ([key, value]) => [key, await redact(value, hash)] as const),
  );
  return { ...Object.fromEntries(entries), event: line.event };
}

const holdsAddress = (line: LogLine) => JSON.stringify(line).search(ADDRESS) !== -1;

/**
 * A log that never writes an e-mail address in clear: each one becomes its keyed hash. Hashing is
 * asynchronous (Web Crypto), so a line holding an address waits for it, and lines after it wait their turn:
 * the output keeps the order of the calls.
 */
export function redactAddresses(inner: Log, hash: AddressHasher): Log {
  let pending: Promise<void> | undefined;
  const write = (level: keyof Log, line: LogLine) => {
    if (!pending && !holdsAddress(line)) {
      inner[level](line);
      return;
    }
    const previous = pending ?? Promise.resolve();
    const mine = previous
      .then(() => redactLine(line, hash))
      .then(
        (clean) => inner[level](clean),
        () => inner[level]({ event: line.event, redaction_failed: true }),
      )
      .finally(() => {
        if (pending === mine) pending = undefined;
      });
    pending = mine;
  };
  return {
    info: (line) => write('info', line),
    warn: (line) => write('warn', line),
    error: (line) => write('error', line),
  };
}
