import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { bidderWords, type CheckinBidder, type CheckinResponse } from '@gavel/domain';
import { CardEntry } from '../../features/payments/CardEntry';
import { useCardEntry } from '../../features/payments/useCardEntry';
import { useAction } from '../../ui/action';
import type { CheckinDesk } from './calls';
import { checkinKey, saveCardCall } from './calls';

/**
 * The event's card form in a dialog, for a bidder who adds their card at the desk: the bidder
 * types it (the number never reaches our server: the processor's form gives a token), Save card
 * keeps it on file through the desk's call. A card refused is cleared from the form, so the next
 * tap takes the card typed again. Loaded only when opened: the card form's code stays out of the desk.
 */
export function CardDialog({
  eventcode,
  bidder,
  cards,
  onClose,
  onSaved,
}: {
  eventcode: string;
  bidder: CheckinBidder;
  cards: CheckinDesk['cards'];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const card = useCardEntry();
  // One key per card taken: the same card sent again (a retry) is saved once, a new card is a new save.
  const keys = useRef(new Map<string, string>());
  const keyOf = (token: string) => {
    const known = keys.current.get(token);
    if (known) return known;
    const key = `desk-card-${crypto.randomUUID()}`;
    keys.current.set(token, key);
    return key;
  };
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const save = useAction(
    async () => {
      const out: { saved?: CheckinResponse } = {};
      await card.submitWith(true, async (token) => {
        if (!token) return;
        out.saved = await card.spend(() =>
          saveCardCall(eventcode, { bidderid: bidder.bidderid, processortoken: token, key: keyOf(token) }),
        );
      });
      return out.saved;
    },
    (saved) => {
      if (!saved) return;
      void client.invalidateQueries({ queryKey: checkinKey(eventcode) });
      onSaved(saved.message);
    },
  );
  const name = bidderWords.nameOf(bidder);
  return (
    <dialog
      ref={dialog}
      className="checkin-dialog"
      aria-labelledby="checkin-card-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      data-testid="card-dialog"
    >
      <h2 id="checkin-card-title">
        Add a card for {name} (bidder {bidder.biddernumber})
      </h2>
      <p className="console-hint">Hand the device to the bidder to type their card, then press Save card.</p>
      <CardEntry
        info={cards.paymentprocessorinfo}
        code={cards.paymentprocessorcode}
        eventcode={eventcode}
        link={card.link}
      />
      {save.error && (
        <p className="console-error" role="alert" data-testid="card-dialog-error">
          {save.error}
        </p>
      )}
      <div className="console-form-actions">
        <button
          type="button"
          className="console-button"
          disabled={save.busy || card.taking}
          onClick={() => save.run(undefined)}
          data-testid="card-dialog-save"
        >
          Save card
        </button>
        <button type="button" className="console-button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
