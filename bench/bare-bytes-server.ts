/**
 * The bare baseline of the cached-reads benchmark: node:http writing, for each path, exactly the bytes,
 * content type and content encoding the API answered to the bench's client (compressed for a browser). No framework, no cache lookup, no headers policy: the ceiling.
 * Run as its own process; the parent sends the answers over IPC, then waits for `ready`.
 */
import { createServer } from 'node:http';

// Stops with the benchmark that started it, however that one ends.
process.on('disconnect', () => process.exit(0));

type Answers = Record<string, { body: string; contentType: string; contentEncoding?: string }>;

process.once('message', (answers: Answers) => {
  const bodies = new Map(
    Object.entries(answers).map(([path, answer]) => [
      path,
      {
        body: Buffer.from(answer.body, 'base64'),
        headers: {
          'Content-Type': answer.contentType,
          ...(answer.contentEncoding
            ? { 'Content-Encoding': answer.contentEncoding, Vary: 'Accept-Encoding' }
            : {}),
        },
      },
    ]),
  );
  const server = createServer((request, response) => {
    const answer = bodies.get(request.url ?? '');
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...answer.headers, 'Content-Length': answer.body.length });
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  });
});
