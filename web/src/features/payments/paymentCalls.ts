import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerOf,
  CheckoutResponse,
  PaymentProcessorInfo,
  ProcessorCode,
  RequestOf,
  SessionUser,
} from '@gavel/domain';
import { api } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { useAction } from '../../ui/action';
import { useToast } from '../../ui/toast';
import { cardErrorNotice } from './cardErrors';
import { useCardAction } from './CardEntry';
import { CardNotConfirmed } from './cardRefusal';
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
function useSaveCard(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
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
 * Save Card, in one tap: `save()` takes the card typed into the entry and saves it (useSaveCard).
 * A saved card leaves the entry, which starts afresh, is announced (unless `quiet`), and `onSaved`
 * says what follows; a card the processor refuses is spent and cleared too. A refusal is a toast.
 */
export function useSaveTypedCard({
  card,
  code,
  info,
  quiet = false,
  onSaved,
}: {
  card: CardEntryControl;
  code: ProcessorCode | undefined;
  info: PaymentProcessorInfo | undefined;
  quiet?: boolean;
  onSaved: (answer: SavedCardAnswer) => void;
}) {
  const toast = useToast();
  const saveCard = useSaveCard(code, info);
  const saving = useAction(
    (token: string) => card.spend(() => saveCard(token)),
    (answer) => {
      if (!answer) return;
      if (!quiet) toast.success(answer.message || 'Your card was saved.');
      card.reset();
      onSaved(answer);
    },
    (message) => toast.error(message),
  );
  return {
    save: () =>
      card.submitWith(true, async (token) => {
        if (token) saving.run(token);
      }),
    busy: saving.busy,
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
