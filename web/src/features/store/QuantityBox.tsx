import { useEffect, useRef, useState } from 'react';
import { IonButton } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { add, remove } from 'ionicons/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_LINE_QUANTITY,
  maxLine,
  QUANTITY_DEBOUNCE_MS,
  quantityProblem,
  remainingLine,
  type StoreItem,
  storeMessages,
} from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { keys } from '../../queries/keys';
import { patchCartQuantity } from '../../queries/store';
import { storeCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { useAction } from '../../ui/action';
import { useToast } from '../../ui/toast';
import type { StoreNotice } from './storeDialogs';
import { useCartCall } from './storeCalls';

/**
 * How many of an item the cart holds: minus, the number, plus. A change is sent 100 ms after the
 * last tap or keystroke (spec section 7) and SETS the line's quantity; the box shows what the
 * buyer asked for until the cart holds it. Never below 0; above the item's limit per transaction
 * the buyer is told and the box takes the limit.
 */
export function QuantityBox({
  item,
  disabled,
  onNotice,
}: {
  item: StoreItem;
  disabled: boolean;
  onNotice: (notice: StoreNotice) => void;
}) {
  const { eventcode } = useSession();
  const client = useQueryClient();
  const toast = useToast();
  const cartCall = useCartCall();
  // What the box shows while it differs from what the cart holds; null shows the cart's quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // One change in flight at a time: a change asked for while another is on its way waits for its
  // answer, so the server and the box apply them in the order tapped (two at once could arrive out
  // of order on a slow network and leave the cart at the older quantity). Only the newest waiting
  // change is sent; an answer overtaken by a newer change still keeps the cart's token.
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const newest = useRef(0);

  const send = useAction(
    (asked: { quantity: number; n: number }) => {
      const turn = inFlight.current
        .catch(() => undefined)
        .then(async () => {
          if (asked.n !== newest.current) return { answer: null, n: asked.n };
          const answer = await cartCall((token) =>
            api('POST /storecartadditem', { itemid: item.id, quantity: asked.quantity }, { token }),
          );
          return { answer, n: asked.n };
        });
      inFlight.current = turn;
      return turn;
    },
    ({ answer, n }) => {
      if (!answer) return;
      if (answer.status === 'success') storeCartToken(eventcode, answer.token);
      // A newer change is waiting its turn: it says what the box shows.
      if (n !== newest.current) return;
      if (answer.status === 'failure') {
        onNotice({
          title: storeMessages.insufficientTitle,
          name: answer.itemname,
          line: remainingLine(answer.quantityremaining),
        });
        setDraft(null);
        // What is left has changed since the tabs were fetched.
        void client.invalidateQueries({ queryKey: keys.storeSetup(eventcode) });
        return;
      }
      // The hold was renewed with the change (the new token, kept above, carries its new end).
      patchCartQuantity(client, eventcode, answer.itemid, answer.quantity);
      void client.invalidateQueries({ queryKey: keys.storeCart(eventcode) });
      setDraft((d) => (d === String(answer.quantity) ? null : d));
    },
    (message) => {
      toast.error(message);
      setDraft(null);
    },
  );

  const change = (wanted: number) => {
    let quantity = Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.floor(wanted)));
    const problem = quantityProblem(quantity, item.maxquantitypertransaction);
    if (problem) {
      onNotice({
        title: storeMessages.maxTitle,
        text: storeMessages.maxText,
        name: item.name,
        line: maxLine(problem.max),
      });
      quantity = problem.max;
    }
    setDraft(String(quantity));
    clearTimeout(timer.current);
    const n = ++newest.current;
    timer.current = setTimeout(() => send.run({ quantity, n }), QUANTITY_DEBOUNCE_MS);
  };

  const shown = draft ?? String(item.cartquantity);
  const current = shown === '' ? 0 : Number(shown);
  return (
    <div className="gavel-qty" role="group" aria-label={`Quantity of ${item.name}`}>
      <IonButton
        fill="outline"
        size="small"
        shape="round"
        aria-label={`One fewer ${item.name}`}
        disabled={disabled || current <= 0}
        data-testid={`qty-minus-${item.id}`}
        onClick={() => change(current - 1)}
      >
        <IonIcon slot="icon-only" icon={remove} aria-hidden="true" />
      </IonButton>
      <input
        className="gavel-qty-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={`Quantity of ${item.name}`}
        value={shown}
        disabled={disabled}
        data-testid={`qty-${item.id}`}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          if (digits === '') {
            clearTimeout(timer.current);
            setDraft('');
          } else change(Number(digits));
        }}
        onBlur={() => setDraft((d) => (d === '' ? null : d))}
      />
      <IonButton
        fill="solid"
        size="small"
        shape="round"
        aria-label={`One more ${item.name}`}
        disabled={disabled}
        data-testid={`qty-plus-${item.id}`}
        onClick={() => change(current + 1)}
      >
        <IonIcon slot="icon-only" icon={add} aria-hidden="true" />
      </IonButton>
    </div>
  );
}
