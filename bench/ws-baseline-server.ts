import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

/**
 * The fan-out baseline: a plain WebSocket server that sends one payload to every client when
 * POST /broadcast arrives, answering after the sends are queued (as Gavel answers a bid).
 */
const port = Number(process.argv[2] ?? 18390);
const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    for (const client of wss.clients) client.send(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
  });
});
const wss = new WebSocketServer({ server });
server.listen(port, '127.0.0.1', () => console.log('ready'));
