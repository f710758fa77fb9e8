import { createClient, type WebSocketLike } from '@supabase/supabase-js';

/**
 * supabase-js builds its realtime client at once and, on Node 20, refuses to without a WebSocket class. These
 * tests open no realtime connection, so the class they give it refuses to connect.
 */
class NoRealtime extends EventTarget implements WebSocketLike {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readonly readyState = 3;
  readonly url = '';
  readonly protocol = '';
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor() {
    super();
    throw new Error('These tests open no realtime connection.');
  }
  close() {
    throw new Error('Never connected.');
  }
  send() {
    throw new Error('Never connected.');
  }
}

/**
 * The whole supabase-js client, as a page makes it, with its requests answered by `app` in-process: `key` the
 * anon key (or the service role key), `accessToken` a signed-in session's token.
 */
export function appClient(
  app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
  key: string,
  accessToken?: string,
) {
  return createClient('http://localhost', key, {
    global: {
      fetch: async (input, init) => app.request(input instanceof Request ? input.url : String(input), init),
    },
    realtime: { transport: NoRealtime },
    auth: { persistSession: false, autoRefreshToken: false },
    ...(accessToken && { accessToken: async () => accessToken }),
  });
}
