import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerOf,
  CheckoutResponse,
  PaymentProcessorInfo,
  ProcessorCode,
  RequestOf,
  SessionUser,
} from '@gavel/domain';
import { cardFieldMessages } from '@gavel/domain';
import { api, ApiError } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { cardErrorNotice } from './cardErrors';
import { useCardAction } from './CardEntry';
import type { CardEntryControl } from './useCardEntry';

/**
 * Everything that shows the card on file, fetched afresh after it changes: the payment method, the
 * cart (its saved-card choice) and the items (needscardtobid sends a bid to the card page).
 */
export function invalidateCardViews(client: QueryClient, eventcode: string): Promise<unknown> {
  // The items refetch in the background: the bidder need not wait for the whole catalog.
  void client.invalidateQueries({ queryKey: keys.items(eventcode) });
  return Promise.all(
    [keys.paymentMethod(eventcode), keys.cart(eventcode)].map((queryKey) => client.invalidateQueries({ queryKey })),
  );
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

  const send = (body: RequestOf<'POST /updatecard'>) =>
    idempotency.send(body, (headers) => api('POST /updatecard', body, { headers }));

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
 * useSaveCard for the card typed into an entry: a card the processor refuses is spent, so it is
 * cleared from the entry and not offered again as the one to save.
 */
export function useSaveTypedCard(
  card: Pick<CardEntryControl, 'reset'>,
  code: ProcessorCode | undefined,
  info: PaymentProcessorInfo | undefined,
) {
  const save = useSaveCard(code, info);
  return async (processortoken: string): Promise<SavedCardAnswer | null> => {
    try {
      return await save(processortoken);
    } catch (err) {
      if (cardRefused(err)) card.reset();
      throw err;
    }
  };
}

/**
 * Pays (POST /checkout). A payment the bank wants confirmed is confirmed in the browser and sent
 * again with its payment id (a new submission, so a new key). A refusal throws its message.
 */
export function usePay(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
  const { confirm } = useCardAction(code, info);
  const idempotency = useIdempotencyKey();

  const send = (body: RequestOf<'POST /checkout'>) =>
    idempotency.send(body, (headers) => api('POST /checkout', body, { headers }));

  return (body: RequestOf<'POST /checkout'>): Promise<CheckoutResponse> => payConfirmed(send, confirm, body);
}

interface PaymentAnswer {
  status: string;
  message: string;
  clientsecret?: string | undefined;
  paymentintentid?: string | undefined;
}

/** The bank's confirmation of a payment was not given: the payment did not go through. */
class CardNotConfirmed extends Error {
  constructor() {
    super(cardFieldMessages.authenticationFailed);
  }
}

/**
 * The processor refused the card (declined, no funds, expired: the server's 402) or its bank's
 * confirmation was not given. That card entry is spent: the page clears it so the card is no
 * longer the chosen one, and says what to do next.
 */
export function cardRefused(err: unknown): boolean {
  return (err instanceof ApiError && err.httpStatus === 402) || err instanceof CardNotConfirmed;
}

/**
 * Sends a payment; one the bank wants confirmed is confirmed in the browser and sent again with
 * its payment id (the auction's checkout and the store's alike). A refusal throws its message.
 */
export async function payConfirmed<B extends object, A extends PaymentAnswer>(
  send: (body: B & { paymentintentid?: string }) => Promise<A>,
  confirm: (clientsecret: string) => Promise<boolean>,
  body: B,
): Promise<A> {
  const answer = await send(body);
  if (answer.status !== 'requires_action') return answer;
  if (!answer.clientsecret || !(await confirm(answer.clientsecret))) throw new CardNotConfirmed();
  const finished = await send({ ...body, paymentintentid: answer.paymentintentid });
  if (finished.status === 'requires_action') throw new Error(finished.message);
  return finished;
}
