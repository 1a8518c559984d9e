import { useEffect, useRef, useState } from 'react';
import { type ConsolePickupResponse, formatClock, type PickupItem, pickupWords } from '@gavel/domain';
import { errorMessage } from '../../ui/form';
import { useCan } from '../session';
import { useCollect } from './calls';

/** The items by location, in the order the server sends them (location, then item number). */
function byLocation(items: PickupItem[]): Array<[string, PickupItem[]]> {
  const groups = new Map<string, PickupItem[]>();
  for (const item of items) groups.set(item.location, [...(groups.get(item.location) ?? []), item]);
  return [...groups.entries()];
}

const waiting = (i: PickupItem) => i.collectedat === null;

function ItemState({ item, timezone }: { item: PickupItem; timezone: string }) {
  if (item.collectedat)
    return (
      <span className="pickup-state collected" data-testid="pickup-item-state">
        Collected {formatClock(item.collectedat, timezone)}
        {item.collectedby ? ` by ${item.collectedby}` : ''}
      </span>
    );
  if (!item.paid)
    return (
      <span className="pickup-state unpaid" data-testid="pickup-item-state">
        Not paid yet
      </span>
    );
  return (
    <span className="pickup-state paid" data-testid="pickup-item-state">
      Paid
    </span>
  );
}

function ItemRow({
  item,
  timezone,
  checked,
  canOverride,
  onToggle,
}: {
  item: PickupItem;
  timezone: string;
  checked: boolean;
  canOverride: boolean;
  onToggle: () => void;
}) {
  const open = waiting(item) && (item.paid || canOverride);
  const id = `pickup-item-${item.historyid}`;
  const greyed = !item.paid && waiting(item);
  const text = (
    <>
      <span className="pickup-item-name">
        {item.name}
        {item.quantity > 1 ? ` × ${item.quantity}` : ''}
      </span>
      <span className="pickup-item-meta">
        #{item.itemnum}
        {item.pickupinstructions ? ` · ${item.pickupinstructions}` : ''}
      </span>
    </>
  );
  return (
    <li
      className={`pickup-item${greyed ? ' unpaid' : ''}${waiting(item) ? '' : ' done'}`}
      data-testid="pickup-item"
      data-key={item.historyid}
    >
      {waiting(item) ? (
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={!open}
          onChange={onToggle}
          data-testid="pickup-item-check"
        />
      ) : (
        // Handed over: nothing to tick any more.
        <span className="pickup-done-mark" aria-hidden="true">
          ✓
        </span>
      )}
      {waiting(item) ? (
        <label htmlFor={id} className="pickup-item-text">
          {text}
        </label>
      ) : (
        <div className="pickup-item-text">{text}</div>
      )}
      <ItemState item={item} timezone={timezone} />
    </li>
  );
}

/**
 * A bidder's items to hand over, by location: the paid ones waiting are ticked, and "Mark collected"
 * hands them over. Items not paid for are greyed; staff may tick them and "Hand over anyway".
 */
export function PickupItems({
  eventcode,
  answer,
  onDone,
}: {
  eventcode: string;
  answer: ConsolePickupResponse;
  onDone: (message: string) => void;
}) {
  const canOverride = useCan('staff');
  // The items whose box differs from its default (ticked when paid): an item paid meanwhile at the
  // checkout desk comes in ticked, and one another desk handed over drops out of what is chosen.
  const [flipped, setFlipped] = useState<ReadonlySet<number>>(new Set());
  const isTicked = (i: PickupItem) => waiting(i) && i.paid !== flipped.has(i.historyid);
  const collect = useCollect(eventcode, answer.code);
  const chosen = answer.items.filter(isTicked);
  const unpaid = chosen.filter((i) => !i.paid);
  const left = answer.items.filter(waiting);
  // Found by Enter: Enter again hands over what is ticked.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  const toggle = (id: number) => {
    const next = new Set(flipped);
    if (!next.delete(id)) next.add(id);
    setFlipped(next);
  };
  const submit = () =>
    collect.mutate(
      { itemids: chosen.map((i) => i.historyid), override: unpaid.length > 0 },
      { onSuccess: (done) => onDone(done.message) },
    );

  return (
    <section className="pickup-bidder" aria-labelledby="pickup-bidder-name" data-testid="pickup-bidder">
      <h2 id="pickup-bidder-name">
        <span className="pickup-number">#{answer.bidder.biddernumber}</span> {answer.bidder.name}
      </h2>
      {answer.items.length === 0 && (
        <p className="console-notice" data-testid="pickup-none">
          This bidder has won nothing to hand over.
        </p>
      )}
      {answer.items.length > 0 && left.length === 0 && (
        <p className="console-success" data-testid="pickup-all-done">
          Everything is collected.
        </p>
      )}
      {byLocation(answer.items).map(([location, items]) => (
        <div key={location} className="pickup-location">
          <h3>{location || pickupWords.noLocation}</h3>
          <ul className="pickup-items">
            {items.map((item) => (
              <ItemRow
                key={item.historyid}
                item={item}
                timezone={answer.timezone}
                checked={isTicked(item)}
                canOverride={canOverride}
                onToggle={() => toggle(item.historyid)}
              />
            ))}
          </ul>
        </div>
      ))}
      {left.some((i) => !i.paid) && !canOverride && (
        <p className="console-warning" data-testid="pickup-unpaid-note">
          Items not paid yet are handed over once paid: send the bidder to the checkout desk.
        </p>
      )}
      {unpaid.length > 0 && (
        <p className="console-warning" data-testid="pickup-override-note">
          {unpaid.length === 1 ? '1 item is' : `${unpaid.length} items are`} not paid yet. Handing over anyway is
          recorded in the audit log.
        </p>
      )}
      {collect.isError && (
        <p className="console-error" role="alert" data-testid="pickup-error">
          {errorMessage(collect.error)}
        </p>
      )}
      {left.some((i) => i.paid || canOverride) && (
        <button
          type="button"
          ref={button}
          className={`console-button pickup-collect${unpaid.length > 0 ? ' danger' : ''}`}
          disabled={chosen.length === 0 || collect.isPending}
          onClick={submit}
          data-testid="pickup-collect"
        >
          {unpaid.length > 0 ? `Hand over anyway (${chosen.length})` : `Mark collected (${chosen.length})`}
        </button>
      )}
    </section>
  );
}
