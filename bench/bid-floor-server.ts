import { createServer } from 'node:http';
import pg from 'pg';
import { PLACE_BID } from '../server/src/features/bids/statements';

/**
 * The floor of the bid capacity figure: a bare Node server that does only what no server can skip
 * (read the body, call the bid function on a pool of 20, answer the item's next minimum), with
 * none of Gavel's checks, limits, presentation or live messages. It trusts the token's claims
 * without checking them and answers no one else; it is a measure, not a server.
 */
const [port, url] = [Number(process.argv[2]), process.argv[3]];
const pool = new pg.Pool({ connectionString: url, max: 20 });
const [event] = (
  await pool.query<{ id: number; biddingopens: Date; biddingcloses: Date }>(
    'select id, biddingopens, biddingcloses from events limit 1',
  )
).rows;
if (!event) throw new Error('bid-floor-server: no event');

interface Outcome {
  placed?: { item: { currentbid: number; minimumbidincrease: number } };
  figure?: number;
  refused?: string;
}

const bidderOf = (authorization: string | undefined): number => {
  const claims: unknown = JSON.parse(Buffer.from(authorization?.split('.')[1] ?? '', 'base64url').toString() || '{}');
  return typeof claims === 'object' && claims && 'bidderid' in claims ? Number(claims.bidderid) : 0;
};

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    const bid = JSON.parse(body) as { itemid: number; bid: number };
    // The bid function's arguments (features/bids/statements.ts): no card rule, no extension, no key.
    const values: unknown[] = [bid.itemid, event.id, bidderOf(req.headers.authorization), null, event.biddingopens];
    values.push(
      event.biddingcloses,
      0,
      null,
      'manual',
      Math.round(bid.bid * 100),
      null,
      1e12,
      new Date(),
      null,
      null,
      null,
    );
    pool
      .query<{ outcome: Outcome }>({ name: PLACE_BID.name, text: PLACE_BID.text, values })
      .then(({ rows: [row] }) => {
        const outcome = row?.outcome ?? {};
        const item = outcome.placed?.item;
        if (item) {
          const minimumnextbid = (item.currentbid + item.minimumbidincrease) / 100;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ item: { minimumnextbid } }));
        } else {
          const said = outcome.figure ? `The minimum bid for this item is $${outcome.figure / 100}` : outcome.refused;
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: said }));
        }
      })
      .catch(() => res.writeHead(500).end());
  });
}).listen(port, '127.0.0.1', () => console.log('Gavel is running'));
