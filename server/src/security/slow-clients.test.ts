import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenOnLoopback, type TestApp } from '../test/harness';

/**
 * Security finding 10, replayed (the HTTP half; the live hub's socket caps are in
 * realtime/hub-caps.test.ts): a request body trickled one byte every 10 s stayed open over 420 s.
 * The server now gives a request a bounded time to arrive, headers and body alike. The test uses
 * short timeouts of its own; the server's are TIMEOUTS in app.ts.
 */
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({}, new Date(), { timeouts: { headersMs: 800, requestMs: 1_500, idleMs: 3_000 } });
  port = Number(new URL(await listenOnLoopback(t)).port);
});
afterAll(async () => t.close());

interface Trickle {
  /** Bytes of the trickled part sent before the server ended the connection. */
  sent: number;
  /** What the server answered, if anything. */
  answer: string;
}

/** Sends `head`, then `body` one byte at a time every `everyMs`, until it is all sent or the server closes. */
function trickle(head: string, body: string, everyMs: number): Promise<Trickle> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let sent = 0;
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write(head);
    const timer = setInterval(() => {
      if (sent >= body.length) {
        clearInterval(timer);
        return;
      }
      socket.write(body[sent] ?? '');
      sent++;
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sent, answer });
    });
  });
}

describe('a client that sends slowly', () => {
  it('has its request ended when the body does not arrive in time', async () => {
    const body = JSON.stringify({ eventcode: 'gala', padding: 'x'.repeat(60) });
    const head = `POST /api/event HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { sent, answer } = await trickle(head, body, 100);
    // Ended by the server long before the last byte: one byte every 100 ms would take 8 s.
    expect(sent).toBeLessThan(body.length);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('has its connection ended when the headers do not arrive in time', async () => {
    const headers = Array.from({ length: 80 }, (_, i) => `X-Slow-${i}: 1\r\n`).join('');
    const { sent } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', headers, 50);
    expect(sent).toBeLessThan(headers.length);
  });

  it('still answers a client that sends at an ordinary pace', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
