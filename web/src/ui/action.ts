import { useState } from 'react';

/** A refusal's message (the API's words), or a general one. */
export function errorMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong';
}

/**
 * A button's call that is not a form (confirm a bid, confirm a purchase): busy while it runs, the
 * refusal's message kept for the page to show (or handed to `onError`, to toast it), the answer
 * handed on. No try/catch in pages.
 */
export function useAction<A, R>(
  call: (arg: A) => Promise<R>,
  onSuccess: (answer: R) => void,
  onError?: (message: string) => void,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (arg: A) => {
    setBusy(true);
    setError('');
    try {
      onSuccess(await call(arg));
    } catch (err) {
      setError(errorMessage(err));
      onError?.(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { run: (arg: A) => void run(arg), busy, error, clearError: () => setError('') };
}
