import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { cardRefused } from './cardRefusal';

/**
 * The page's hold on its card entry: one tap of the page's own button (Pay, Checkout, Save Card)
 * takes the card typed in. `take()` asks the entry for a processor token (the hosted form checks
 * its fields and asks for the bank's confirmation when the card needs it; Stripe's element submits
 * and makes a confirmation token) and resolves it, or null when the entry has shown why not (its
 * own field errors, a confirmation refused) or nothing is typed. `reset()` gives a fresh, empty
 * entry and forgets the card (after a decline: that card is no longer the chosen one).
 * `submitWith` and `spend` are those steps as every page takes them, so a page states only what
 * differs: whether its tap needs the card, what it sends, and what it says of a refused card.
 */

/** What a mounted card entry lets its page ask. */
interface CardTaker {
  take(): Promise<string | null>;
}

/** Handed to <CardEntry link={...}>: how the entry reports to the page, and how it is asked. */
export interface CardEntryLink {
  /** A new value mounts a fresh, empty entry. */
  generation: number;
  taker: RefObject<CardTaker | null>;
  /** The entry's token, or null when its card was cleared. */
  onToken: (token: string | null) => void;
  /** What is typed into the entry: nothing, and every field. */
  onState: (state: { empty: boolean; complete: boolean }) => void;
}

export interface CardEntryControl {
  take: () => Promise<string | null>;
  reset: () => void;
  /** The token of the card taken, until it is cleared or the entry reset. */
  token: string | null;
  /** A card is taken or every field is filled: Save Card may be tapped. */
  ready: boolean;
  /** A card is taken or anything is typed: a tap must take it (and show what is wrong with it). */
  typed: boolean;
  /** The entry is being asked (its checks, the bank's confirmation). */
  taking: boolean;
  /**
   * One tap of the page's button: takes the card typed in when the tap `needsCard` (before the
   * page's checks, so a card with a field wrong shows why in its entry), then runs `submit` with its
   * token (null when none was taken). A tap while one runs does nothing: one tap is one payment.
   */
  submitWith: (needsCard: boolean, submit: (token: string | null) => Promise<unknown>) => Promise<void>;
  /**
   * Runs the call that spends the card taken. A card the processor refused is cleared from the
   * entry, so it is no longer the chosen one; `refused` may say so, or answer the error to throw
   * instead of the refusal.
   */
  spend: <T>(call: () => Promise<T>, refused?: (err: unknown) => Error | void) => Promise<T>;
  link: CardEntryLink;
}

export function useCardEntry(onToken?: (token: string | null) => void): CardEntryControl {
  const taker = useRef<CardTaker | null>(null);
  const current = useRef<string | null>(null);
  const inFlight = useRef<Promise<string | null> | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [typing, setTyping] = useState({ empty: true, complete: false });
  const [generation, setGeneration] = useState(0);
  const [taking, setTaking] = useState(false);
  // The page's latest handler, without a new link (and a re-subscribed entry) on every render.
  const tokenTo = useRef(onToken);
  useEffect(() => {
    tokenTo.current = onToken;
  }, [onToken]);

  const changed = useCallback((next: string | null) => {
    current.current = next;
    setToken(next);
    tokenTo.current?.(next);
  }, []);

  const take = useCallback((): Promise<string | null> => {
    if (current.current) return Promise.resolve(current.current);
    // A second tap while the entry is asked gets the same answer: one card, one token, one payment.
    if (inFlight.current) return inFlight.current;
    const entry = taker.current;
    if (!entry) return Promise.resolve(null);
    setTaking(true);
    const asked = entry.take().finally(() => {
      if (inFlight.current === asked) inFlight.current = null;
      setTaking(false);
    });
    inFlight.current = asked;
    return asked;
  }, []);

  const reset = useCallback(() => {
    inFlight.current = null;
    changed(null);
    setTyping({ empty: true, complete: false });
    setGeneration((g) => g + 1);
  }, [changed]);

  const submitting = useRef(false);
  const submitWith = useCallback(
    async (needsCard: boolean, submit: (token: string | null) => Promise<unknown>): Promise<void> => {
      if (submitting.current) return;
      submitting.current = true;
      try {
        await submit(needsCard ? await take() : null);
      } finally {
        submitting.current = false;
      }
    },
    [take],
  );

  const spend = useCallback(
    async <T>(call: () => Promise<T>, refused?: (err: unknown) => Error | void): Promise<T> => {
      try {
        return await call();
      } catch (err) {
        if (!cardRefused(err)) throw err;
        reset();
        throw refused?.(err) ?? err;
      }
    },
    [reset],
  );

  const link = useMemo<CardEntryLink>(
    () => ({ generation, taker, onToken: changed, onState: setTyping }),
    [generation, changed],
  );
  return {
    take,
    reset,
    token,
    ready: token !== null || typing.complete,
    typed: token !== null || !typing.empty,
    taking,
    submitWith,
    spend,
    link,
  };
}
