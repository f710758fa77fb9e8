import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node request behind a Hono context when the app runs under @hono/node-server; undefined in
 * `app.request()` (tests), where everything goes through the web Request instead.
 */
export function incomingOf(c: Context): IncomingMessage | undefined {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  return env.incoming instanceof IncomingMessage ? env.incoming : undefined;
}

/**
 * A request header, read from Node's own parsed headers where there are some: `c.req.header()` would first
 * build a web `Headers` object from all of them, a visible share of a cached answer's cost (decision 0044).
 * Node joins repeated headers with ", " as `Headers.get()` does.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
