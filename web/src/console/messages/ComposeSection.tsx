import { useEffect, useRef, useState } from 'react';
import { useIdempotencyKey } from '../../api/idempotency';
import { useQueryClient } from '@tanstack/react-query';
import {
  AUDIENCE_HINTS,
  AUDIENCE_LABELS,
  CHANNEL_LABELS,
  MESSAGE_AUDIENCES,
  MESSAGE_CHANNELS,
  MESSAGE_TEMPLATE_IDS,
  MESSAGE_TEMPLATES,
  type MergeField,
  type MessageFormInput,
  type MessageFormValues,
  type MessagePreview,
  type MessageTemplate,
  messageForm,
  messageWords,
  sendsEmail,
  sendsText,
} from '@gavel/domain';
import { useAction } from '../../ui/action';
import { useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { FormMessage, Select, TextArea, TextInput } from '../ui/fields';
import { historyKey } from './calls';
import { MergeButtons, TextLengthHint } from './MergeTools';
import { PreviewView } from './PreviewView';

const BLANK: MessageFormInput = { audience: 'unpaid', channel: 'both', template: '', subject: '', body: '' };

const audienceOptions = MESSAGE_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));
const channelOptions = MESSAGE_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }));
const isTemplate = (id: string): id is MessageTemplate => (MESSAGE_TEMPLATE_IDS as string[]).includes(id);

/** The template picker: choosing one fills the audience, the subject and the message (all still editable). */
function TemplatePicker({ value, onPick }: { value: string; onPick: (id: MessageTemplate | '') => void }) {
  return (
    <div className="console-field">
      <label htmlFor="message-template">Start from a template</label>
      <select
        id="message-template"
        value={value}
        onChange={(e) => onPick(isTemplate(e.target.value) ? e.target.value : '')}
        data-testid="message-template"
      >
        <option value="">No template: write your own</option>
        {MESSAGE_TEMPLATE_IDS.map((id) => (
          <option key={id} value={id}>
            {MESSAGE_TEMPLATES[id].label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Send", asked once more with the count; the preview it asks about is the one shown. */
function SendConfirm({
  eventcode,
  values,
  preview,
  onCancel,
  onSent,
}: {
  eventcode: string;
  values: MessageFormValues;
  preview: MessagePreview;
  onCancel: () => void;
  onSent: (message: string) => void;
}) {
  // A retry after a lost answer (or a second press) sends the same message under the same key: once.
  const idempotency = useIdempotencyKey();
  const send = useAction(
    () => {
      const body = { ...values, preview: false };
      return idempotency.send(body, (headers) =>
        consoleApi('POST /console/events/:eventcode/messages', body, { params: { eventcode }, headers }),
      );
    },
    (answer) => onSent(answer.message),
  );
  return (
    <div className="messages-confirm" role="group" aria-label="Confirm sending">
      <p data-testid="send-question">{messageWords.question(preview.recipients, values.channel)}</p>
      <div className="messages-buttons">
        <button
          type="button"
          className="console-button"
          onClick={() => send.run(undefined)}
          disabled={send.busy}
          data-testid="send-confirm"
        >
          {send.busy ? 'Sending…' : 'Send now'}
        </button>
        <button type="button" className="console-button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {send.error && (
        <p className="console-error" role="alert" data-testid="send-error">
          {send.error}
        </p>
      )}
    </div>
  );
}

/**
 * Compose a message: audience, channel, a template to start from, the subject (for an email) and the
 * message with its merge fields; Preview shows who gets it and an example; Send previews too and
 * then asks, naming the count. Changing anything drops the preview: what is sent is what was asked about.
 */
export function ComposeSection({ eventcode, eventname }: { eventcode: string; eventname: string }) {
  const queryClient = useQueryClient();
  const intent = useRef<'preview' | 'send'>('preview');
  const [shown, setShown] = useState<{ preview: MessagePreview; values: MessageFormValues } | null>(null);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState('');
  const { form, onSubmit, message, busy } = useApiForm({
    schema: messageForm,
    defaultValues: BLANK,
    submit: async (values) => {
      const answer = await consoleApi(
        'POST /console/events/:eventcode/messages',
        { ...values, preview: true },
        { params: { eventcode } },
      );
      if (!answer.preview) throw new Error('The server sent the message instead of previewing it.');
      return answer;
    },
    onSuccess: (preview, values) => {
      setShown({ preview, values });
      setAsking(intent.current === 'send' && preview.recipients > 0);
    },
  });
  useEffect(() => {
    const watching = form.watch(() => {
      setShown(null);
      setAsking(false);
    });
    return () => watching.unsubscribe();
  }, [form]);
  const audience = form.watch('audience');
  const channel = form.watch('channel');
  const body = form.watch('body');
  const template = form.watch('template') ?? '';

  const pick = (id: MessageTemplate | '') => {
    form.setValue('template', id);
    if (id === '') return;
    const t = MESSAGE_TEMPLATES[id];
    form.setValue('audience', t.audience);
    form.setValue('subject', t.subject);
    form.setValue('body', t.body);
  };
  const insert = (field: MergeField) => {
    const box = document.getElementById('f-body');
    const text = form.getValues('body');
    const area = box instanceof HTMLTextAreaElement ? box : null;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? start;
    const token = `{${field}}`;
    form.setValue('body', text.slice(0, start) + token + text.slice(end), { shouldDirty: true });
    area?.focus();
    requestAnimationFrame(() => area?.setSelectionRange(start + token.length, start + token.length));
  };
  const ask = (which: 'preview' | 'send') => {
    intent.current = which;
    setSent('');
  };

  return (
    <section className="messages-section" aria-labelledby="compose-heading">
      <h2 id="compose-heading">New message</h2>
      <form className="console-form messages-form" onSubmit={onSubmit} noValidate>
        <div className="console-row">
          <TemplatePicker value={template} onPick={pick} />
          <Select
            form={form}
            name="audience"
            label="To"
            options={audienceOptions}
            hint={AUDIENCE_HINTS[audience]}
            testId="message-audience"
          />
          <Select form={form} name="channel" label="Send by" options={channelOptions} testId="message-channel" />
        </div>
        {sendsEmail(channel) && <TextInput form={form} name="subject" label="Email subject" testId="message-subject" />}
        <TextArea form={form} name="body" label="Message" rows={6} testId="message-body" />
        <MergeButtons audience={audience} onInsert={insert} />
        {sendsText(channel) && <TextLengthHint eventname={eventname} body={body} />}
        <FormMessage message={message} testId="message-error" />
        <div className="console-form-actions messages-buttons">
          <button
            type="submit"
            className="console-button secondary"
            onClick={() => ask('preview')}
            disabled={busy}
            data-testid="message-preview-button"
          >
            Preview
          </button>
          <button
            type="submit"
            className="console-button"
            onClick={() => ask('send')}
            disabled={busy}
            data-testid="message-send"
          >
            Send…
          </button>
        </div>
      </form>
      {sent && (
        <p className="console-success" role="status" data-testid="message-sent">
          {sent}
        </p>
      )}
      {shown && asking && (
        <SendConfirm
          eventcode={eventcode}
          values={shown.values}
          preview={shown.preview}
          onCancel={() => setAsking(false)}
          onSent={(words) => {
            form.reset(BLANK);
            setSent(words);
            void queryClient.invalidateQueries({ queryKey: historyKey(eventcode) });
          }}
        />
      )}
      {shown && <PreviewView preview={shown.preview} />}
    </section>
  );
}
