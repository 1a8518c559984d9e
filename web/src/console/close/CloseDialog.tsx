import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type CloseTarget, closeMinutesForm, extendQuestion, reopenQuestion } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { errorMessage, useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { FormMessage, TextInput } from '../ui/fields';
import { type CloseItem, closeChanged, useClosePreview } from './queries';

/** What the page asks before acting: close or extend a target, or reopen an item. */
export type Ask =
  | { kind: 'close'; target: CloseTarget }
  | { kind: 'extend'; target: CloseTarget; open: number }
  | { kind: 'reopen'; item: CloseItem };

interface Props {
  eventcode: string;
  ask: Ask;
  onCancel: () => void;
  /** The server's sentence once done. */
  onDone: (message: string) => void;
}

/**
 * The confirmation of the close's actions, in a modal dialog: it names what changes and how many
 * items (the server counts what Close now would take), and only its button acts. Escape, Cancel or
 * a click outside leaves everything as it was.
 */
export function CloseDialog({ eventcode, ask, onCancel, onDone }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const title = ask.kind === 'close' ? 'Close now' : ask.kind === 'extend' ? 'Extend the close' : 'Reopen an item';
  return (
    <dialog
      ref={ref}
      className="close-dialog"
      aria-labelledby="close-dialog-title"
      onCancel={onCancel}
      onClick={(e) => e.target === ref.current && onCancel()}
      data-testid="close-dialog"
    >
      <h2 id="close-dialog-title">{title}</h2>
      {ask.kind === 'close' ? (
        <CloseNow eventcode={eventcode} target={ask.target} onCancel={onCancel} onDone={onDone} />
      ) : (
        <WithMinutes eventcode={eventcode} ask={ask} onCancel={onCancel} onDone={onDone} />
      )}
    </dialog>
  );
}

function Buttons({
  label,
  busy,
  danger,
  onCancel,
}: {
  label: string;
  busy: boolean;
  danger?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="close-dialog-actions">
      <button type="button" className="console-button secondary" onClick={onCancel} data-testid="close-dialog-cancel">
        Cancel
      </button>
      <button
        type="submit"
        className={`console-button${danger ? ' close-danger' : ''}`}
        disabled={busy}
        data-testid="close-dialog-confirm"
      >
        {label}
      </button>
    </div>
  );
}

function CloseNow({
  eventcode,
  target,
  onCancel,
  onDone,
}: {
  eventcode: string;
  target: CloseTarget;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const preview = useClosePreview(eventcode, target);
  const close = useAction(
    () => consoleApi('POST /console/events/:eventcode/close', target, { params: { eventcode } }),
    (answer) => {
      closeChanged(client, eventcode);
      onDone(answer.message);
    },
  );
  const count = preview.data?.count ?? 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        close.run(undefined);
      }}
    >
      <p className="close-question" data-testid="close-question">
        {preview.isPending
          ? 'Counting the open items…'
          : preview.error
            ? errorMessage(preview.error)
            : preview.data?.message}
      </p>
      <FormMessage message={close.error} testId="close-dialog-error" />
      <Buttons
        label={count === 1 ? 'Close 1 item' : `Close ${count} items`}
        busy={close.busy || preview.isPending || count === 0}
        danger
        onCancel={onCancel}
      />
    </form>
  );
}

function WithMinutes({
  eventcode,
  ask,
  onCancel,
  onDone,
}: {
  eventcode: string;
  ask: Exclude<Ask, { kind: 'close' }>;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const { form, onSubmit, message, busy } = useApiForm({
    schema: closeMinutesForm,
    defaultValues: { minutes: '10' },
    submit: ({ minutes }): Promise<{ message: string }> =>
      ask.kind === 'extend'
        ? consoleApi('POST /console/events/:eventcode/extend', { ...ask.target, minutes }, { params: { eventcode } })
        : consoleApi(
            'POST /console/events/:eventcode/items/:itemnum/reopen',
            { minutes },
            { params: { eventcode, itemnum: ask.item.itemnum } },
          ),
    onSuccess: (answer) => {
      closeChanged(client, eventcode);
      onDone(answer.message);
    },
  });
  const typed = Number(form.watch('minutes'));
  const minutes = Number.isInteger(typed) && typed > 0 ? typed : 0;
  const question =
    ask.kind === 'extend' ? extendQuestion(ask.target, ask.open, minutes) : reopenQuestion(ask.item, minutes);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextInput
        form={form}
        name="minutes"
        label={ask.kind === 'extend' ? 'Extend by (minutes)' : 'Closes again in (minutes)'}
        hint="1 to 240"
        testId="close-minutes"
        autoComplete="off"
      />
      <p className="close-question" data-testid="close-question">
        {question}
      </p>
      <FormMessage message={message} testId="close-dialog-error" />
      <Buttons label={ask.kind === 'extend' ? 'Extend' : 'Reopen'} busy={busy} onCancel={onCancel} />
    </form>
  );
}
