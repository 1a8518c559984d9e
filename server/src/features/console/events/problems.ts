import type { z } from 'zod';
import type { Problem } from '@gavel/domain';
import { zodProblems } from '@gavel/domain';
import { AppError } from '../../../errors';

/**
 * A console write refused for its input: 400 with every problem at its path, the first one in the
 * message as a refused request body says it (errors.ts), so the form can show each under its field.
 */
export function refused(problems: Problem[]): AppError {
  const first = problems[0];
  return new AppError('bad_request', first ? `${first.path}: ${first.message}` : 'The request is not valid.', problems);
}

/**
 * The problems of an event checked as part of an import document, at the paths the console's
 * bodies use: the event's own fields without the document's `event.` prefix (`biddingcloses`), the
 * rest of a copied document as the import names them (`items[2].closing`).
 */
export function documentProblems(error: z.ZodError): Problem[] {
  return zodProblems(error).map((p) => ({ ...p, path: p.path.replace(/^event\./, '') }));
}
