import { expect } from 'vitest';
import type { Problem } from '@gavel/domain';
import { ADMIN, type TestApp } from './harness';

/** The organizer's import as the tests send it: raw, so a bad document reaches the server as typed. */
export const importDoc = (t: TestApp, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/admin/import', headers: ADMIN, payload: payload as object });

export async function importOk(t: TestApp, payload: unknown): Promise<void> {
  const res = await importDoc(t, payload);
  expect(res.statusCode, res.body).toBe(200);
}

/** Imports a document that must be refused; checks the status, the message, the problems and that `state` did not change. */
export async function expectImportRefused(
  t: TestApp,
  payload: unknown,
  problems: Problem[],
  state: () => Promise<unknown>,
): Promise<void> {
  const before = await state();
  const res = await importDoc(t, payload);
  expect(res.statusCode, res.body).toBe(400);
  const n = problems.length;
  expect(res.json()).toEqual({
    status: 'failure',
    code: 'bad_request',
    message: `The event document has ${n} problem${n === 1 ? '' : 's'}; nothing was imported.`,
    errors: problems,
  });
  expect(await state()).toEqual(before);
}
