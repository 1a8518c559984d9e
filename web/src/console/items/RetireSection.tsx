import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { eventPath } from '../nav';
import { consoleApi } from '../session';
import { useAction } from '../../ui/action';
import { itemsTouched } from './queries';

/**
 * Retiring an item: asked twice, then the server decides. An item with bids or sales is refused,
 * and the server's sentence says why.
 */
export function RetireSection({ eventcode, itemnum, bids }: { eventcode: string; itemnum: string; bids: number }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const retire = useAction(
    () => consoleApi('DELETE /console/events/:eventcode/items/:itemnum', undefined, { params: { eventcode, itemnum } }),
    (answer) => {
      itemsTouched(client, eventcode);
      navigate(eventPath(eventcode, 'items'), { state: { said: answer.message } });
    },
  );
  return (
    <section className="items-retire" aria-labelledby="retire-heading">
      <h2 id="retire-heading">Retire this item</h2>
      <p className="console-hint">
        Bidders no longer see a retired item. An item with bids or sales stays:{' '}
        {bids > 0 ? `this one has ${bids} bid${bids === 1 ? '' : 's'}.` : 'this one has none yet.'}
      </p>
      {asking ? (
        <div className="items-confirm" role="group" aria-label="Confirm retiring">
          <p>Retire item {itemnum}? This cannot be undone.</p>
          <button
            type="button"
            className="console-button danger"
            onClick={() => retire.run(undefined)}
            disabled={retire.busy}
            data-testid="retire-confirm"
          >
            Retire item {itemnum}
          </button>
          <button type="button" className="console-button secondary" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="console-button danger" onClick={() => setAsking(true)} data-testid="retire">
          Retire item…
        </button>
      )}
      {retire.error && (
        <p className="console-error" role="alert" data-testid="retire-error">
          {retire.error}
        </p>
      )}
    </section>
  );
}
