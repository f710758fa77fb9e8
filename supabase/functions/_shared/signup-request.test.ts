import { describe, expect, it } from 'vitest';
import { corsPolicyFor } from './cors.ts';
import type { Log } from './log.ts';
import { createSendEmailHandler, DEFAULT_LIMITS } from './send-email-handler.ts';
import { normaliseEmail, parseSignup } from './signup-request.ts';
import type { Sql } from './sql-port.ts';

/** Bad input must be refused before any database work: this database fails the test if it is touched. */
const untouchable: Sql = {
  query: () => Promise.reject(new Error('the database must not be reached')),
};
const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

function handler() {
  return createSendEmailHandler({
    db: untouchable,
    log: silent,
    cors: corsPolicyFor(['https://lenses.example']),
    limits: { ...DEFAULT_LIMITS, perIp: { limit: 1000, windowSeconds: 60 } },
    source: 'test',
  });
}

const json = (body: unknown) => JSON.stringify(body);
const ok = { name: 'Ada', email: 'ada@example.com' };

const badBodies: Array<[label: string, body: string | Uint8Array, contentType?: string]> = [
  ['empty body', ''],
  ['whitespace only', '   '],
  ['malformed JSON', '{"name": "Ada", "email": '],
  ['trailing garbage', `${json(ok)}x`],
  ['a JSON string', json('ada@example.com')],
  ['a JSON number', '42'],
  ['null', 'null'],
  ['an array', json([ok])],
  ['missing name', json({ email: 'ada@example.com' })],
  ['missing email', json({ name: 'Ada' })],
  ['an empty object', '{}'],
  ['an extra field', json({ ...ok, age: 30 })],
  ['questionnaire answers sent along', json({ ...ok, worries: ['AI taking over jobs'] })],
  ['a prototype key', '{"name":"Ada","email":"ada@example.com","__proto__":{"x":1}}'],
  ['name not a string', json({ name: 7, email: 'ada@example.com' })],
  ['name null', json({ name: null, email: 'ada@example.com' })],
  ['email not a string', json({ name: 'Ada', email: ['ada@example.com'] })],
  ['blank name', json({ name: '   ', email: 'ada@example.com' })],
  ['name of 101 characters', json({ name: 'a'.repeat(101), email: 'ada@example.com' })],
  ['name with a newline', json({ name: 'Ada\nBcc: x@evil.example', email: 'ada@example.com' })],
  ['name with a carriage return', json({ name: 'Ada\rBcc', email: 'ada@example.com' })],
  ['name with a NUL', json({ name: 'Ada\u0000', email: 'ada@example.com' })],
  ['name with a tab', json({ name: 'Ada\tL', email: 'ada@example.com' })],
  ['name with a line separator', json({ name: 'Ada\u2028L', email: 'ada@example.com' })],
  ['name with a lone high surrogate', '{"name":"A\\ud800","email":"ada@example.com"}'],
  ['name with a lone low surrogate', '{"name":"\\udc00A","email":"ada@example.com"}'],
  ['blank email', json({ name: 'Ada', email: '  ' })],
  ['email without @', json({ name: 'Ada', email: 'ada.example.com' })],
  ['email without domain', json({ name: 'Ada', email: 'ada@' })],
  ['email without local part', json({ name: 'Ada', email: '@example.com' })],
  ['email with two @', json({ name: 'Ada', email: 'ada@@example.com' })],
  ['email with a space', json({ name: 'Ada', email: 'ada lovelace@example.com' })],
  ['email without a dot in the domain', json({ name: 'Ada', email: 'ada@localhost' })],
  [
    'email with a newline (header injection)',
    json({ name: 'Ada', email: 'ada@example.com\nBcc: x@evil.example' }),
  ],
  ['email with a display name', json({ name: 'Ada', email: 'Ada <ada@example.com>' })],
  ['email with a double dot', json({ name: 'Ada', email: 'ada..l@example.com' })],
  ['email domain label starting with a hyphen', json({ name: 'Ada', email: 'ada@-example.com' })],
  ['email with a numeric top-level domain', json({ name: 'Ada', email: 'ada@example.123' })],
  [
    'email of 255 characters',
    json({ name: 'Ada', email: `${'a'.repeat(64)}@${'b'.repeat(180)}.example.com` }),
  ],
  ['email local part of 65 characters', json({ name: 'Ada', email: `${'a'.repeat(65)}@example.com` })],
  ['body over 8 KB', json({ name: 'Ada', email: 'ada@example.com', pad: 'x'.repeat(9000) })],
  ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['wrong content type: text/plain', json(ok), 'text/plain'],
  ['wrong content type: form', 'name=Ada&email=ada%40example.com', 'application/x-www-form-urlencoded'],
  ['no content type', json(ok), ''],
  ['content type with another charset', json(ok), 'application/json; charset=latin1'],
];

describe('send-email input validation', () => {
  it(`has at least 30 bad bodies to try (${badBodies.length})`, () => {
    expect(badBodies.length).toBeGreaterThanOrEqual(30);
  });

  it.each(badBodies)('refuses %s with 400 and an error message', async (_label, body, contentType) => {
    const headers: Record<string, string> = {};
    if (contentType !== '') headers['content-type'] = contentType ?? 'application/json';
    const response = await handler()(
      new Request('http://local/functions/v1/send-email', { method: 'POST', headers, body }),
      '203.0.113.9',
    );
    expect(response.status).toBe(400);
    const answer: unknown = await response.json();
    expect(answer).toEqual({ error: expect.stringMatching(/\w{3,}/) });
    expect(response.headers.get('x-relay-error')).toBeNull();
  });

  it('answers a body that stops arriving with 400 and one info line, not an unhandled error', async () => {
    const lines: Array<{ level: string; event: string }> = [];
    const recording: Log = {
      info: (line) => lines.push({ level: 'info', event: line.event }),
      warn: (line) => lines.push({ level: 'warn', event: line.event }),
      error: (line) => lines.push({ level: 'error', event: line.event }),
    };
    const send = createSendEmailHandler({
      db: untouchable,
      log: recording,
      cors: corsPolicyFor(['https://lenses.example']),
      limits: DEFAULT_LIMITS,
      source: 'test',
    });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"Ada",'));
      },
      pull(controller) {
        controller.error(new Error('aborted'));
      },
    });
    const response = await send(
      new Request('http://local/functions/v1/send-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
      '203.0.113.9',
    );
    expect(response.status).toBe(400);
    expect(lines).toEqual([{ level: 'info', event: 'signup.body_aborted' }]);
  });

  it('says which field is missing or extra', () => {
    expect(parseSignup({ email: 'a@b.co' })).toEqual({ ok: false, error: 'Missing field: name.' });
    expect(parseSignup({ ...ok, age: 3, city: 'x' })).toEqual({
      ok: false,
      error: 'Unexpected fields: age, city. Send only name and email.',
    });
  });

  it('accepts a good body, trimming the name and normalising the address', () => {
    expect(parseSignup({ name: '  Zoë O’Brien  ', email: '  Zoe.OBrien+course@Example.CO.UK ' })).toEqual({
      ok: true,
      signup: { name: 'Zoë O’Brien', email: 'Zoe.OBrien+course@example.co.uk' },
    });
  });

  it('counts name length in characters, not UTF-16 units', () => {
    expect(parseSignup({ name: '😀'.repeat(100), email: 'a@b.co' }).ok).toBe(true);
    expect(parseSignup({ name: '😀'.repeat(101), email: 'a@b.co' }).ok).toBe(false);
  });

  it('accepts an address of exactly 254 characters and punycode domains', () => {
    const address = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(address).toHaveLength(254);
    expect(normaliseEmail(address).ok).toBe(true);
    expect(normaliseEmail('ana@xn--bcher-kva.xn--p1ai')).toEqual({
      ok: true,
      email: 'ana@xn--bcher-kva.xn--p1ai',
    });
  });
});
