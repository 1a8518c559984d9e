import { useEffect, useState } from 'react';
import { amountInput, formatMoney, formatMoneyWhole, type PledgesResponse, pledgeForm } from '@gavel/domain';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiForm } from '../../ui/form';
import { FormMessage, TextInput } from '../ui/fields';
import { pledgeCall } from './calls';

const paddles = (n: number) => `${n} paddle${n === 1 ? '' : 's'}`;

/**
 * The paddle raise: the clerk picks the level the auctioneer calls (big buttons, each with how many
 * paddles it has had), then types each paddle number as it goes up; Enter adds it and the box is
 * ready for the next. Another amount can be typed over the level's. A double tap of Enter sends one
 * Idempotency-Key, so it is one pledge.
 */
export function PaddleForm({
  eventcode,
  itemnum,
  summary,
  onAdded,
}: {
  eventcode: string;
  itemnum: string;
  summary: PledgesResponse;
  onAdded: (message: string) => void;
}) {
  const idempotency = useIdempotencyKey();
  const first = summary.levels[0]?.amount;
  const [level, setLevel] = useState<number | undefined>(first);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: pledgeForm,
    defaultValues: { biddernumber: '', amount: first === undefined ? '' : amountInput(first) },
    submit: (values) => {
      const body = { itemnum, ...values };
      return idempotency.send(body, (headers) => pledgeCall(eventcode, body, headers));
    },
    onSuccess: (answer) => {
      form.reset({ biddernumber: '', amount: form.getValues('amount') });
      onAdded(answer.message);
      form.setFocus('biddernumber');
    },
  });
  useEffect(() => {
    form.setFocus('biddernumber');
  }, [form]);
  const pick = (amount: number) => {
    setLevel(amount);
    form.setValue('amount', amountInput(amount));
    form.setFocus('biddernumber');
  };

  return (
    <form className="console-form fund-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="fund-form">
      <fieldset className="fund-levels">
        <legend>Level the auctioneer calls</legend>
        <div className="fund-level-buttons">
          {summary.levels.map((l) => (
            <button
              key={l.amount}
              type="button"
              className={`fund-level${level === l.amount ? ' chosen' : ''}`}
              aria-pressed={level === l.amount}
              onClick={() => pick(l.amount)}
              data-testid="fund-level"
            >
              <span className="fund-level-amount">{formatMoneyWhole(l.amount)}</span>
              <span className="fund-level-count" data-testid="fund-level-count">
                {paddles(l.count)}
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <p className="console-hint fund-how">Type each paddle number as it goes up; Enter adds it.</p>
      <div className="fund-entry-fields">
        <TextInput
          form={form}
          name="biddernumber"
          label="Paddle (bidder number)"
          testId="fund-bidder"
          autoComplete="off"
        />
        <TextInput
          form={form}
          name="amount"
          label="Amount (dollars)"
          testId="fund-amount"
          autoComplete="off"
          hint={level === undefined ? 'Any amount above $0.' : `The level chosen, ${formatMoney(level)}, or another.`}
        />
        <button type="submit" className="console-button live-big fund-add" disabled={busy} data-testid="fund-add">
          Add paddle
        </button>
      </div>
      <FormMessage message={message} testId="fund-message" />
    </form>
  );
}
