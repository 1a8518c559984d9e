import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  formatPhone,
  type TextingResponse,
  textingSettingsRequest,
  textingSourceLabels,
  type TextStatus,
} from '@gavel/domain';
import { useApiForm } from '../../ui/form';
import { Layout } from '../Layout';
import { consoleApi } from '../session';
import { type ColumnDef, DataTable } from '../ui/DataTable';
import { FormMessage, TextInput } from '../ui/fields';
import './texting.css';

export const TEXTING_KEY = ['console', 'texting'] as const;

type Settings = TextingResponse['settings'];
type OptOut = TextingResponse['optouts']['numbers'][number];

/** The counts as the organizer reads them: a text waiting and one being sent are one thing to them. */
const COUNTS: Array<{ label: string; statuses: TextStatus[]; testId: string }> = [
  { label: 'Waiting to send', statuses: ['queued', 'sending'], testId: 'texting-count-waiting' },
  { label: 'Sent', statuses: ['sent'], testId: 'texting-count-sent' },
  { label: 'Delivered', statuses: ['delivered'], testId: 'texting-count-delivered' },
  { label: 'Failed', statuses: ['failed', 'undelivered'], testId: 'texting-count-failed' },
  { label: 'Not sent: opted out', statuses: ['optedout'], testId: 'texting-count-optedout' },
  { label: 'Dev mailbox only', statuses: ['dev'], testId: 'texting-count-dev' },
];

const shown = (phone: string) => (phone.startsWith('+1') ? formatPhone(phone) : phone);

const optOutColumns: Array<ColumnDef<OptOut, never>> = [
  { id: 'phone', header: 'Number', accessorKey: 'phone', cell: ({ row: { original: o } }) => shown(o.phone) },
  { id: 'word', header: 'Texted', accessorKey: 'word' },
  {
    id: 'created',
    header: 'When',
    accessorKey: 'created',
    cell: ({ row: { original: o } }) => formatDateTime(o.created),
  },
];

const formValues = (s: Settings) => ({
  accountsid: s.accountsid,
  authtoken: '',
  fromnumber: s.fromnumber,
  messagingservicesid: s.messagingservicesid,
  helpcontact: s.helpcontact,
});

function SettingsForm({ data }: { data: TextingResponse }) {
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: textingSettingsRequest,
    defaultValues: formValues(data.settings),
    submit: (body) => consoleApi('PUT /console/texting', body),
    onSuccess: (answer) => {
      client.setQueryData(TEXTING_KEY, answer);
      form.reset(formValues(answer.settings));
      setSaved(true);
    },
  });
  const tokenHint = data.settings.authtokenset
    ? 'Saved (never shown). Leave empty to keep it; type a new one to replace it.'
    : 'Not set. Found in the Twilio console, next to the account SID.';
  return (
    <form className="console-form texting-form" onSubmit={onSubmit} noValidate data-testid="texting-form">
      <fieldset>
        <legend>This organization’s Twilio account</legend>
        <TextInput
          form={form}
          name="accountsid"
          label="Account SID"
          testId="texting-accountsid"
          hint="Starts with AC. Leave empty to use the server’s account, if it has one."
          autoComplete="off"
        />
        <TextInput
          form={form}
          name="authtoken"
          label="Auth token"
          type="password"
          testId="texting-authtoken"
          hint={tokenHint}
          autoComplete="new-password"
        />
        <div className="console-row">
          <TextInput
            form={form}
            name="fromnumber"
            label="From number"
            type="tel"
            testId="texting-fromnumber"
            hint="In international form, such as +13125550199"
            autoComplete="off"
          />
          <TextInput
            form={form}
            name="messagingservicesid"
            label="Or a messaging service SID"
            testId="texting-messagingservicesid"
            hint="Starts with MG; it chooses the number"
            autoComplete="off"
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Replies</legend>
        <TextInput
          form={form}
          name="helpcontact"
          label="Help contact"
          testId="texting-helpcontact"
          hint="What a reply of HELP names after the organization: a phone number or an email. Empty: the latest event’s phone or email."
        />
      </fieldset>
      <FormMessage message={message} />
      {saved && !message && !form.formState.isDirty && (
        <p className="console-success" role="status" data-testid="texting-saved">
          Saved.
        </p>
      )}
      <div className="console-form-actions">
        <button type="submit" className="console-button" disabled={busy} data-testid="texting-save">
          Save text settings
        </button>
      </div>
    </form>
  );
}

function Overview({ data }: { data: TextingResponse }) {
  return (
    <>
      <section className="texting-section" aria-labelledby="texting-inuse-title">
        <h2 id="texting-inuse-title">Sending texts through</h2>
        <p className={data.inuse === 'none' ? 'console-warning' : 'console-success'} data-testid="texting-inuse">
          {textingSourceLabels[data.inuse]}
        </p>
        <dl className="texting-counts" data-testid="texting-counts">
          {COUNTS.map(({ label, statuses, testId }) => (
            <div key={testId}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{statuses.reduce((n, s) => n + (data.counts[s] ?? 0), 0)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="texting-section" aria-labelledby="texting-settings-title">
        <h2 id="texting-settings-title">Provider settings</h2>
        <SettingsForm data={data} />
      </section>
      <section className="texting-section" aria-labelledby="texting-optouts-title">
        <h2 id="texting-optouts-title">
          Opted out <span data-testid="texting-optout-count">({data.optouts.count})</span>
        </h2>
        <p className="console-hint">
          People who texted STOP (or another stop word) get no more texts until they text START.
        </p>
        <DataTable
          data={data.optouts.numbers}
          columns={optOutColumns}
          testId="texting-optouts"
          rowKey={(o) => o.phone}
          empty="Nobody has opted out."
          caption="Numbers that opted out of texts"
        />
      </section>
    </>
  );
}

/** The owner's text messages screen: the provider account, which one is in use, what was sent, who opted out. */
export function TextingPage() {
  const { data, error } = useQuery({ queryKey: TEXTING_KEY, queryFn: () => consoleApi('GET /console/texting') });
  return (
    <Layout title="Text messages">
      {error && (
        <p className="console-error" role="alert">
          {error.message}
        </p>
      )}
      {!data && !error && <p className="console-loading">Loading…</p>}
      {data && <Overview data={data} />}
    </Layout>
  );
}
