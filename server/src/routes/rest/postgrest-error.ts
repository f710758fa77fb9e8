import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error in PostgREST's shape, which postgrest-js hands to the app as `{ message, details, hint, code }`. */
export class PostgrestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}
