/**
 * The few HTTP calls the kit makes, so one bidder factory serves Fastify's app.inject (server
 * tests) and a real server (end-to-end journeys) alike. Each side supplies a small adapter.
 */

export type Headers = Record<string, string>;

/** An answer: its status and its body parsed as JSON (the raw text when it is not JSON). */
export interface Reply {
  status: number;
  json: unknown;
}

export interface Transport {
  get(path: string, headers?: Headers): Promise<Reply>;
  post(path: string, body: object, headers?: Headers): Promise<Reply>;
  put(path: string, body: object, headers?: Headers): Promise<Reply>;
}

/** A body as JSON, or as the text itself: a refusal may come back as HTML or plain text. */
export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The body of a 200 answer; anything else throws with the status and body, to name the failed step. */
export async function expectOk(step: string, reply: Promise<Reply>): Promise<unknown> {
  const { status, json } = await reply;
  if (status !== 200)
    throw new Error(`${step} failed: ${status} ${typeof json === 'string' ? json : JSON.stringify(json)}`);
  return json;
}

function prop(json: unknown, key: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[key] : undefined;
}

export function stringField(json: unknown, key: string): string {
  const value = prop(json, key);
  if (typeof value !== 'string') throw new Error(`expected a string ${key} in ${JSON.stringify(json)}`);
  return value;
}

export function numberField(json: unknown, key: string): number {
  const value = prop(json, key);
  if (typeof value !== 'number') throw new Error(`expected a number ${key} in ${JSON.stringify(json)}`);
  return value;
}
