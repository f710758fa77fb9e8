/** Serves the Resend-shaped peer (resend-peer.ts) on a free loopback port for the Node suites. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createResendPeer, type ResendPeerOptions } from './resend-peer.ts';

export async function startResendPeer(options: ResendPeerOptions = {}) {
  const peer = createResendPeer(options);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === 'string') headers.set(name, value);
      const request = new Request(`http://127.0.0.1${incoming.url ?? '/'}`, {
        method: incoming.method ?? 'GET',
        headers,
        ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
      });
      void peer.fetch(request).then(async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...peer,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
