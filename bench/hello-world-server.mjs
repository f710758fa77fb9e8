// The bench's ceiling: the least a Node HTTP server can do per request on this machine.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
const body = Buffer.from('hello world');
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.byteLength });
  response.end(body);
});
server.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
