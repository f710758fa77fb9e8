/**
 * Errors as GoTrue answers them: `{code, error_code, msg}`, or `{code, message}` to a client that sends
 * `X-Supabase-Api-Version: 2024-01-01` or later (auth-js does), with the version echoed back.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type GoTrueErrorCode =
  | 'bad_json'
  | 'bad_jwt'
  | 'invalid_credentials'
  | 'no_authorization'
  | 'not_admin'
  | 'not_found'
  | 'otp_disabled'
  | 'otp_expired'
  | 'over_request_rate_limit'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'request_entity_too_large'
  | 'session_expired'
  | 'session_not_found'
  | 'unexpected_failure'
  | 'user_not_found'
  | 'validation_failed';

export class GoTrueError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: GoTrueErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/** GoTrue's reading of the header: a date on or after 2024-01-01 selects that version, anything else the first. */
function speaksApiVersion2024(requested: string | undefined): boolean {
  if (!requested || !/^\d{4}-\d{2}-\d{2}$/.test(requested)) return false;
  const date = Date.parse(`${requested}T00:00:00Z`);
  return !Number.isNaN(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`);
}

export function goTrueErrorResponse(error: GoTrueError, requestedApiVersion: string | undefined): Response {
  const headers = new Headers({ 'x-sb-error-code': error.errorCode });
  if (speaksApiVersion2024(requestedApiVersion)) {
    headers.set(API_VERSION_HEADER, API_VERSION_2024);
    return Response.json(
      { code: error.errorCode, message: error.message },
      { status: error.status, headers },
    );
  }
  return Response.json(
    { code: error.status, error_code: error.errorCode, msg: error.message },
    { status: error.status, headers },
  );
}

/** GoTrue's answer to a caller over its per-IP rate, with how long to wait. */
export function rateLimitedResponse(
  retryAfterSeconds: number,
  requestedApiVersion: string | undefined,
): Response {
  const refusal = goTrueErrorResponse(
    new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached'),
    requestedApiVersion,
  );
  refusal.headers.set('retry-after', String(retryAfterSeconds));
  return refusal;
}
