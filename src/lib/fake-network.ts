/**
 * For the api tests: the real supabase-js client with the network replaced, so the requests are what a browser
 * sends and the answers are the back end's own shapes (GoTrue's, PostgREST's, Storage's).
 */
import { afterEach, beforeEach, vi } from 'vitest';

type Answer = (request: Request) => Response | Promise<Response>;

/** Every request since the last `answerWith`, in order. */
export const requests: Request[] = [];

export function answerWith(answer: Answer) {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      return answer(request);
    }),
  );
}

/** Every request fails as a browser's does with no network. */
export function networkDown() {
  answerWith(() => {
    throw new TypeError('Failed to fetch');
  });
}

/**
 * A fresh page for each test: nothing stored, and the warnings of several clients over one storage key (one
 * per test, as the tests mean to) kept quiet; the network is given back after.
 */
export function withFakeNetwork() {
  beforeEach(() => {
    window.localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
