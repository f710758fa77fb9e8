import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { incomingOf } from '../../node-request.ts';
import type { BodyReader } from '../../../../supabase/functions/_shared/signup-request.ts';

/**
 * Reads the body straight from Node's request stream: the web ReadableStream the adapter would otherwise
 * build around it cost sign-ups about a third of their throughput (decision 0044). Past `maxBytes` it stops
 * reading and pauses the stream; the adapter drains or closes the connection after the answer.
 */
function readIncoming(incoming: IncomingMessage): BodyReader {
  return (maxBytes) =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let length = 0;
      const finish = () => {
        incoming.off('data', onData);
        incoming.off('end', onEnd);
        incoming.off('error', onError);
      };
      const onData = (chunk: Buffer) => {
        length += chunk.byteLength;
        if (length > maxBytes) {
          finish();
          incoming.pause();
          resolve('too-large');
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = () => {
        finish();
        resolve(Buffer.concat(chunks, length));
      };
      const onError = (error: Error) => {
        finish();
        reject(error);
      };
      incoming.on('data', onData);
      incoming.on('end', onEnd);
      incoming.on('error', onError);
    });
}

/** Reads the body from the Node request behind `c`, where there is one (not in `app.request()`). */
export function incomingBodyReader(c: Context): BodyReader | undefined {
  const incoming = incomingOf(c);
  return incoming ? readIncoming(incoming) : undefined;
}
