import http from 'node:http';
import { serve } from '@hono/node-server';

/** GET `path` from `app` served on a free loopback port, with a Host header no URL parser accepts. */
export async function getWithJunkHost(
  target: { fetch: (request: Request) => Response | Promise<Response> },
  path: string,
) {
  const server = serve({ fetch: target.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The test server has no port.');
  const { port } = address;
  try {
    return await new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { host: '..-.9' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
