import { useRef } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, CheckoutResponse, PaymentProcessorInfo, ProcessorCode, RequestOf, SessionUser } from '@gavel/domain';
import { cardFieldMessages } from '@gavel/domain';
import { api, ApiError } from '../../api/client';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { cardErrorNotice } from './cardErrors';
import { useCardAction } from './CardEntry';

/**
 * One Idempotency-Key per submission: a retry of the same body (after a dropped connection) sends
 * the same key, so the server answers it once; another body, or the same body after the server
 * refused it, is a new submission with a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    headersFor(body: object): Record<string, string> {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
      return { 'idempotency-key': last.current.key };
    },
    /** After a refusal (a 4xx answer): pressing again is a new submission. A lost answer keeps its key. */
    settle(err: unknown): void {
      if (err instanceof ApiError && err.httpStatus >= 400 && err.httpStatus < 500) last.current = null;
    },
  };
}

/**
 * Everything that shows the card on file, fetched afresh after it changes: the payment method, the
 * cart (its saved-card choice) and the items (needscardtobid sends a bid to the card page).
 */
export function invalidateCardViews(client: QueryClient, eventcode: string): Promise<unknown> {
  // The items refetch in the background: the bidder need not wait for the whole catalog.
  void client.invalidateQueries({ queryKey: keys.items(eventcode) });
  return Promise.all([keys.paymentMethod(eventcode), keys.cart(eventcode)].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export type SavedCardAnswer = AnswerOf<'POST /updatecard'> & { user: SessionUser | null };

/**
 * Saves a card on file from a processor token (POST /updatecard). A card the bank wants confirmed
 * is confirmed in the browser and saved again with its setup id. Then what shows the card is
 * fetched afresh, and the session user (needscardtoregister).
 * Answers null when the bidder did not confirm (already told); a refusal throws its message.
 */
export function useSaveCard(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
  const { eventcode, refreshUser } = useSession();
  const client = useQueryClient();
  const { confirm } = useCardAction(code, info);
  const idempotency = useIdempotencyKey();

  const send = async (body: { eventcode: string; processortoken: string; setupintentid?: string }) => {
    try {
      return await api('POST /updatecard', body, { headers: idempotency.headersFor(body) });
    } catch (err) {
      idempotency.settle(err);
      throw err;
    }
  };

  return async (processortoken: string): Promise<SavedCardAnswer | null> => {
    const body = { eventcode, processortoken };
    let answer = await send(body);
    if (answer.status === 'requires_action') {
      if (!answer.clientsecret) {
        cardErrorNotice(answer.message);
        return null;
      }
      if (!(await confirm(answer.clientsecret))) return null;
      answer = await send({ ...body, setupintentid: answer.setupintentid });
      if (answer.status === 'requires_action') {
        cardErrorNotice(answer.message);
        return null;
      }
    }
    await invalidateCardViews(client, eventcode);
    const user = await refreshUser();
    return { ...answer, user };
  };
}

/**
 * Pays (POST /checkout). A payment the bank wants confirmed is confirmed in the browser and sent
 * again with its payment id (a new submission, so a new key). A refusal throws its message.
 */
export function usePay(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
  const { confirm } = useCardAction(code, info);
  const idempotency = useIdempotencyKey();

  const send = async (body: RequestOf<'POST /checkout'>) => {
    try {
      return await api('POST /checkout', body, { headers: idempotency.headersFor(body) });
    } catch (err) {
      idempotency.settle(err);
      throw err;
    }
  };

  return async (body: RequestOf<'POST /checkout'>): Promise<CheckoutResponse> => {
    const answer = await send(body);
    if (answer.status !== 'requires_action') return answer;
    if (!answer.clientsecret || !(await confirm(answer.clientsecret))) throw new Error(cardFieldMessages.authenticationFailed);
    const finished = await send({ ...body, paymentintentid: answer.paymentintentid });
    if (finished.status === 'requires_action') throw new Error(finished.message);
    return finished;
  };
}
