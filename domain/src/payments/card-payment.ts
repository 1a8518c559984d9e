/**
 * The words of a card payment that are the same wherever a card pays (the auction's checkout, the
 * store's): a payment the buyer's bank wants confirmed, and one that cannot be finished.
 */
export const cardPaymentMessages = {
  confirmTitle: 'Please confirm your payment',
  confirmText: 'Your bank asks you to confirm this payment.',
  /** A confirmed payment's id that names no order of the caller's. */
  notFound: 'This payment was not found. Please start checkout again.',
  /** A confirmed payment whose order was declined or given up meanwhile. */
  didNotGoThrough: 'This payment did not go through. Please start checkout again.',
  /** What the reconciliation job records for a payment never confirmed within its window. */
  notConfirmedInTime: 'The payment was not confirmed in time.',
} as const;
