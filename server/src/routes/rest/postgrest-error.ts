import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error in PostgREST's shape, which postgrest-js hands to the app as `{ message, details, hint, code }`.
 * A Hono HTTPException: the app's one error handler answers it with `getResponse()`.
 */
export class PostgrestError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }

  override getResponse(): Response {
    return new Response(JSON.stringify(this.toJSON()), {
      status: this.status,
      headers: { ...this.headers, 'content-type': 'application/json; charset=utf-8' },
    });
  }
}
