import type { z } from 'zod';
import {
  ADMIN_OPERATIONS,
  AdminError,
  type AdminApi,
  type AdminOperation,
  adminErrorBody,
  erasure,
  guideRow,
  outboxStatus,
  retryResult,
  signupCount,
  signupRow,
} from './admin-api.ts';

export interface AdminEndpoint {
  /** e.g. http://127.0.0.1:41234 — the server's loopback-only admin listener. */
  url: string;
  token: string;
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** The same operations, carried out by the running server (the only process that may open its PGlite). */
export function createRemoteAdmin(endpoint: AdminEndpoint, fetchImpl: Fetch = fetch): AdminApi {
  async function call<S extends z.ZodType>(
    operation: AdminOperation,
    input: unknown,
    output: S,
  ): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetchImpl(`${endpoint.url}/admin/v1/${ADMIN_OPERATIONS[operation]}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
    } catch (error) {
      throw new Error(`The running server did not answer at ${endpoint.url}: ${String(error)}`, {
        cause: error,
      });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (response.ok) return output.parse(body);
    const failure = adminErrorBody.safeParse(body);
    if (!failure.success)
      throw new Error(`The running server answered ${response.status} without an explanation.`);
    if (failure.data.kind === 'failure') throw new Error(`The running server failed: ${failure.data.error}`);
    throw new AdminError(failure.data.kind, failure.data.error);
  }

  return {
    listGuides: () => call('listGuides', {}, guideRow.array()),
    addGuide: (input) => call('addGuide', input, guideRow),
    updateGuide: (input) => call('updateGuide', input, guideRow),
    removeGuide: (input) => call('removeGuide', input, guideRow),
    listSignups: (input) => call('listSignups', input, signupRow.array()),
    countSignups: () => call('countSignups', {}, signupCount),
    eraseSignup: (input) => call('eraseSignup', input, erasure),
    outboxStatus: () => call('outboxStatus', {}, outboxStatus),
    retryOutbox: (input) => call('retryOutbox', input, retryResult),
  };
}
