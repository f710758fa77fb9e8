import { describe, expect, it } from 'vitest';
import { DeliveryError } from './mail-transport.ts';
import { createResendTransport } from './resend-transport.ts';

const mail = {
  from: 'Three Lenses <course@lenses.example>',
  to: 'ada@example.com',
  subject: 'Your course',
  html: '<p>Hi</p>',
  text: 'Hi',
  idempotencyKey: 'course-access/1',
};

/** A transport whose every request gets this answer. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  return createResendTransport({
    apiKey: 're_test',
    ratePerSecond: 2,
    fetch: async () => Response.json(body, { status, headers }),
  });
}

async function failureOf(status: number, body: unknown, headers: Record<string, string> = {}) {
  const error = await answering(status, body, headers)
    .send(mail)
    .then(
      () => undefined,
      (reason: unknown) => reason,
    );
  if (!(error instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${String(error)}`);
  return { failure: error.failure, retryAfterSeconds: error.retryAfterSeconds, message: error.message };
}

describe('how the Resend transport sorts a refusal', () => {
  it('waits on a 429 for retry-after, and on a quota for its reset or an hour', async () => {
    expect(
      await failureOf(
        429,
        { name: 'rate_limit_exceeded', message: 'Too many requests.' },
        { 'retry-after': '2' },
      ),
    ).toMatchObject({ failure: 'rate-limited', retryAfterSeconds: 2 });
    expect(
      await failureOf(429, {
        name: 'daily_quota_exceeded',
        message: 'You have reached your daily email sending quota.',
      }),
    ).toMatchObject({ failure: 'rate-limited', retryAfterSeconds: 3600 });
    expect(
      await failureOf(
        429,
        { name: 'monthly_quota_exceeded', message: 'Quota.' },
        { 'ratelimit-reset': '120' },
      ),
    ).toMatchObject({ failure: 'rate-limited', retryAfterSeconds: 120 });
  });

  it('retries a timeout (408), a request still running under the same key (409) and a 5xx', async () => {
    expect((await failureOf(408, { name: 'request_timeout' })).failure).toBe('transient');
    expect((await failureOf(409, { name: 'concurrent_idempotent_requests' })).failure).toBe('transient');
    expect((await failureOf(503, { name: 'internal_server_error' })).failure).toBe('transient');
  });

  it('gives up at once on any other 4xx, keeping the provider’s reason', async () => {
    expect(await failureOf(422, { name: 'validation_error', message: 'Invalid `to` field.' })).toEqual({
      failure: 'permanent',
      retryAfterSeconds: undefined,
      message: 'Resend answered 422 validation_error: Invalid `to` field.',
    });
    expect((await failureOf(403, { name: 'invalid_api_key', message: 'API key is invalid.' })).failure).toBe(
      'permanent',
    );
  });

  it('takes a 409 for a key already used with another body as "sent by the earlier request"', async () => {
    expect((await failureOf(409, { name: 'invalid_idempotent_request' })).failure).toBe('sent-before');
  });

  it('maps a permissive batch answer back to its e-mails, refused ones with their reason', async () => {
    const transport = answering(200, {
      data: [{ id: 'a' }, { id: 'c' }],
      errors: [{ index: 1, message: 'The `to` field is invalid.' }],
    });
    expect(await transport.sendBatch?.([mail, mail, mail], 'course-access-batch/x')).toEqual([
      { providerId: 'a' },
      { refused: 'Resend refused this e-mail: The `to` field is invalid.' },
      { providerId: 'c' },
    ]);
  });

  it('does not take a batch answer whose ids do not match the e-mails sent', async () => {
    const transport = answering(200, { data: [{ id: 'a' }] });
    await expect(transport.sendBatch?.([mail, mail], 'course-access-batch/x')).rejects.toThrow(
      /without an id for each e-mail/,
    );
  });
});
