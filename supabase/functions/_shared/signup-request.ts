/** Reads and validates a send-email request body: `{ name, email }` as JSON, nothing more, nothing less. */
import { z } from 'zod';

const MAX_BODY_BYTES = 8 * 1024;
const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;

export interface Signup {
  /** Trimmed, 1–100 characters, no control characters. */
  name: string;
  /** Trimmed, domain lower-cased: the key that makes one address one sign-up. */
  email: string;
}

export type ParsedSignup =
  | { ok: true; signup: Signup }
  /** `aborted`: the body stopped arriving (the client went away, or the server's request timeout cut it off). */
  | { ok: false; error: string; aborted?: true };

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs in a name,
// and refusing them means the name can never break a header or a line of the e-mail.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
// A lone UTF-16 surrogate (JSON's "\ud800" escape) is no character at all: the database refuses to store it.
const LONE_SURROGATE = /\p{Cs}/u;
// RFC 5322 dot-atom local part; quoted local parts are legal but no real sign-up needs them.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** The address with its domain lower-cased, or why it is not one we can send to. */
export function normaliseEmail(raw: string): { ok: true; email: string } | { ok: false; error: string } {
  const email = raw.trim();
  if (email === '') return { ok: false, error: 'Please enter your e-mail address.' };
  if (email.length > MAX_EMAIL_LENGTH) {
    return { ok: false, error: `The e-mail address must be at most ${MAX_EMAIL_LENGTH} characters.` };
  }
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  const labels = domain.split('.');
  const valid =
    at > 0 &&
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1] ?? '');
  if (!valid) return { ok: false, error: 'Please enter a valid e-mail address.' };
  return { ok: true, email: `${local}@${domain}` };
}

const bodySchema = z.strictObject(
  {
    name: z.string({ error: 'The name must be text.' }),
    email: z.string({ error: 'The e-mail address must be text.' }),
  },
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}. Send only name and email.`;
      }
      if (issue.code === 'invalid_type') return 'The request body must be a JSON object with name and email.';
      return undefined;
    },
  },
);

function checkName(raw: string): { ok: true; name: string } | { ok: false; error: string } {
  const name = raw.trim();
  if (name === '') return { ok: false, error: 'Please enter your name.' };
  if (CONTROL.test(name)) return { ok: false, error: 'The name must not contain control characters.' };
  if (LONE_SURROGATE.test(name)) return { ok: false, error: 'The name must be valid Unicode text.' };
  if ([...name].length > MAX_NAME_LENGTH) {
    return { ok: false, error: `The name must be at most ${MAX_NAME_LENGTH} characters.` };
  }
  return { ok: true, name };
}

/** Validates an already-parsed JSON value. */
export function parseSignup(value: unknown): ParsedSignup {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'The request body must be a JSON object with name and email.' };
  }
  if (!('name' in value)) return { ok: false, error: 'Missing field: name.' };
  if (!('email' in value)) return { ok: false, error: 'Missing field: email.' };
  const parsed = bodySchema.safeParse(value);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? 'The request body is not valid.' };
  }
  const name = checkName(parsed.data.name);
  if (!name.ok) return name;
  const email = normaliseEmail(parsed.data.email);
  if (!email.ok) return email;
  return { ok: true, signup: { name: name.name, email: email.email } };
}

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads a web Request's body stream, never holding more than `maxBytes` of it in memory. */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array | 'too-large' | 'aborted'> {
  const bytes = new Uint8Array(maxBytes);
  let length = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const chunk = await reader.read().catch(() => 'aborted' as const);
      if (chunk === 'aborted') return chunk;
      const { done, value } = chunk;
      if (done) break;
      if (length + value.byteLength > maxBytes) {
        await reader.cancel();
        return 'too-large';
      }
      bytes.set(value, length);
      length += value.byteLength;
    }
  }
  return bytes.subarray(0, length);
}

/** Reads the body up to MAX_BODY_BYTES (never more into memory), then parses and validates it. */
export async function readSignup(request: Request): Promise<ParsedSignup> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(contentType.trim())) {
    return { ok: false, error: 'The request must be JSON: send Content-Type: application/json.' };
  }
  const tooLarge: ParsedSignup = {
    ok: false,
    error: `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`,
  };
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return tooLarge;
  const bytes = await readBody(request, MAX_BODY_BYTES);
  if (bytes === 'too-large') return tooLarge;
  if (bytes === 'aborted') {
    return { ok: false, error: 'The request body did not arrive in full.', aborted: true };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, error: 'The request body must be UTF-8 text.' };
  }
  if (text.trim() === '') return { ok: false, error: 'The request body is empty: send {"name", "email"}.' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'The request body is not valid JSON.' };
  }
  return parseSignup(value);
}
