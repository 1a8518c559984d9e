import { useQueryClient } from '@tanstack/react-query';
import { bidderNumberForm, bidderWords, type ConsoleBidder } from '@gavel/domain';
import { useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { FormMessage, TextInput } from '../ui/fields';
import { biddersKey } from './calls';

/**
 * Gives a bidder another number, in their row. A number someone else has or had is refused by the
 * server with who it belongs to; a swap is giving one of them a new number.
 */
export function NumberForm({
  eventcode,
  bidder,
  onDone,
  onCancel,
}: {
  eventcode: string;
  bidder: ConsoleBidder;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: bidderNumberForm,
    defaultValues: { newnumber: String(bidder.bidderdisplaynumber) },
    submit: ({ newnumber }) =>
      consoleApi(
        'PUT /console/events/:eventcode/bidders/:bidderid',
        { bidderdisplaynumber: newnumber },
        { params: { eventcode, bidderid: bidder.bidderid } },
      ),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: biddersKey(eventcode) });
      onDone(answer.message);
    },
  });
  return (
    <form className="bidders-inline" onSubmit={onSubmit} noValidate data-testid="bidders-number-form">
      <TextInput
        form={form}
        name="newnumber"
        label={`New number for ${bidderWords.nameOf(bidder)}`}
        testId="bidders-number-input"
        autoComplete="off"
      />
      <div className="bidders-inline-actions">
        <button type="submit" className="console-button" disabled={busy} data-testid="bidders-number-save">
          Save number
        </button>
        <button type="button" className="console-button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormMessage message={message} testId="bidders-number-message" />
    </form>
  );
}
