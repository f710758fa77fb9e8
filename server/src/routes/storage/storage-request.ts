/** What every embedded storage route does with a request: who is calling, and Storage's shape for a refusal. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { JwtRejected } from '../../auth/jwt.ts';
import type { Caller, CallerResolver } from '../../http/caller.ts';

/** Storage's error body; its `statusCode` is the HTTP status as a string. */
export function storageError(c: Context, status: ContentfulStatusCode, error: string, message: string) {
  return c.json({ statusCode: String(status), error, message }, status);
}

/** The caller a request's headers name, or Storage's 401 for a token it refuses. */
export async function requestCaller(c: Context, callers: CallerResolver): Promise<Caller | Response> {
  try {
    return await callers((name) => c.req.header(name));
  } catch (error) {
    if (error instanceof JwtRejected) return storageError(c, 401, 'InvalidJWT', error.message);
    throw error;
  }
}
