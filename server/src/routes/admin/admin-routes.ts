import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  ADMIN_OPERATIONS,
  AdminError,
  type AdminApi,
  type AdminOperation,
  addGuideInput,
  eraseSignupInput,
  guideIdInput,
  listSignupsInput,
  parseInput,
  retryOutboxInput,
  updateGuideInput,
} from '../../admin/admin-api.ts';

const noInput = z.object({});

/** Equal-length digests, so comparing them takes the same time whatever the guess. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The owner's tool's endpoint, served by the server only on its loopback admin listener (never on the public
 * port): a bearer token from DATA_DIR/admin.json, no browsers (a request with an Origin header is refused),
 * every body parsed by the operation's schema before anything runs.
 */
export function adminRoutes(deps: { admin: AdminApi; token: string }): Hono {
  const { admin } = deps;
  const routes = new Hono();
  routes.use('*', async (c, next) => {
    if (c.req.header('origin') !== undefined) {
      return c.json({ error: 'The admin endpoint is not for browsers.', kind: 'invalid' }, 403);
    }
    await next();
  });
  const expected = digest(`Bearer ${deps.token}`);
  routes.use('*', async (c, next) => {
    if (!timingSafeEqual(digest(c.req.header('authorization') ?? ''), expected)) {
      return c.json({ error: 'Missing or wrong admin token.', kind: 'failure' }, 401);
    }
    await next();
  });

  function handle(operation: AdminOperation, run: (body: unknown) => Promise<unknown>) {
    routes.post(`/${ADMIN_OPERATIONS[operation]}`, async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      try {
        if (body === undefined) throw new AdminError('invalid', 'The request body must be JSON.');
        const result = await run(body);
        return c.body(JSON.stringify(result), 200, { 'content-type': 'application/json; charset=utf-8' });
      } catch (error) {
        if (error instanceof AdminError) {
          return c.json({ error: error.message, kind: error.kind }, error.kind === 'not-found' ? 404 : 400);
        }
        console.error(JSON.stringify({ event: 'admin.failed', operation, message: String(error) }));
        return c.json(
          { error: error instanceof Error ? error.message : String(error), kind: 'failure' },
          500,
        );
      }
    });
  }

  handle('listGuides', (body) => {
    parseInput(noInput, body);
    return admin.listGuides();
  });
  handle('addGuide', (body) => admin.addGuide(parseInput(addGuideInput, body)));
  handle('updateGuide', (body) => admin.updateGuide(parseInput(updateGuideInput, body)));
  handle('removeGuide', (body) => admin.removeGuide(parseInput(guideIdInput, body)));
  handle('listSignups', (body) => admin.listSignups(parseInput(listSignupsInput, body)));
  handle('countSignups', (body) => {
    parseInput(noInput, body);
    return admin.countSignups();
  });
  handle('eraseSignup', (body) => admin.eraseSignup(parseInput(eraseSignupInput, body)));
  handle('outboxStatus', (body) => {
    parseInput(noInput, body);
    return admin.outboxStatus();
  });
  handle('retryOutbox', (body) => admin.retryOutbox(parseInput(retryOutboxInput, body)));
  routes.all('*', (c) => c.json({ error: 'No such admin operation.', kind: 'invalid' }, 404));
  return routes;
}
