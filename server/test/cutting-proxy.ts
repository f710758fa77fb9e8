import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of `port` that cuts every connection it carries once, as a dropped network
 * does, as soon as more than `cutAfter` request bytes have passed through it in all; after that it forwards.
 */
export async function cuttingProxy(port: number, cutAfter: number) {
  let passed = 0;
  let cut = false;
  const open = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      passed += chunk.byteLength;
      if (!cut && passed > cutAfter) {
        cut = true;
        for (const socket of open) socket.destroy();
        return;
      }
      upstream.write(chunk);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port: proxyPort } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    wasCut: () => cut,
    close: () => {
      for (const socket of open) socket.destroy();
      proxy.close();
    },
  };
}
