import { z } from 'zod';
import { DEDUCTIBILITIES } from '../console/tax';

/** What a form says when an item's deductibility is left unchosen. */
export const DEDUCTIBILITY_UNCHOSEN = 'must be chosen: how much of a payment for it is deductible';

/**
 * How a payment for an auction item or a store item is deductible on a tax receipt
 * (domain/src/console/tax.ts): 'value', 'full' or 'none'. An empty choice (a form's unchosen
 * select) is told as unchosen.
 */
export const deductibility = z.enum(DEDUCTIBILITIES, {
  error: (issue) => (issue.input === '' ? DEDUCTIBILITY_UNCHOSEN : `must be one of ${DEDUCTIBILITIES.join(', ')}`),
});
