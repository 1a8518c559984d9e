import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ConsoleStoreResponse, storeSettingsSchema, storeSettingsValues } from '@gavel/domain';
import { errorMessage, useApiForm } from '../../ui/form';
import { Layout } from '../Layout';
import { consoleApi } from '../session';
import { StoreEditor } from './StoreEditor';
import { savingWith } from './problems';
import { storeUseOf } from './storeForm';
import './store.css';

const storeKey = (eventcode: string) => ['console', 'store', eventcode] as const;

/** The form over one answer: the store as read, saved whole, and read again from the save's answer. */
function StoreForm({ eventcode, answer }: { eventcode: string; answer: ConsoleStoreResponse }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  /** The server's refusal of the last save (the form's own problems are listed from its fields). */
  const [refusal, setRefusal] = useState('');
  const use = useMemo(() => storeUseOf(answer), [answer]);
  const sold = useMemo(() => new Map([...use.items].map(([code, u]) => [code, u.sold])), [use]);
  const schema = useMemo(() => storeSettingsSchema(answer.timezone, sold), [answer.timezone, sold]);
  const { form, onSubmit, busy } = useApiForm({
    schema,
    defaultValues: storeSettingsValues(answer.store, answer.timezone),
    submit: (values): Promise<ConsoleStoreResponse> =>
      savingWith(form, () => consoleApi('PUT /console/events/:eventcode/store', values, { params: { eventcode } })),
    onSuccess: (next) => {
      queryClient.setQueryData(storeKey(eventcode), next);
      // The saved store as the server keeps it (cleaned HTML, its times): what the next save starts from.
      form.reset(storeSettingsValues(next.store, next.timezone));
      setSaved(true);
    },
    onError: setRefusal,
  });
  return (
    <StoreEditor
      form={form}
      use={use}
      timezone={answer.timezone}
      onSubmit={(e) => {
        setSaved(false);
        setRefusal('');
        return onSubmit(e);
      }}
      refusal={refusal}
      busy={busy}
      saved={saved && !form.formState.isDirty}
    />
  );
}

/** The event's store: items, promo codes, guest fields, the landing page and checkout, saved as one. */
export function StoreSettingsPage() {
  const { eventcode = '' } = useParams();
  const query = useQuery({
    queryKey: storeKey(eventcode),
    queryFn: () => consoleApi('GET /console/events/:eventcode/store', undefined, { params: { eventcode } }),
    // The form keeps what is typed; a refetch would only move the counts under it.
    refetchOnWindowFocus: false,
  });
  return (
    <Layout
      title="Store"
      actions={
        <a
          className="console-button secondary"
          href={`/${encodeURIComponent(eventcode)}/event`}
          target="_blank"
          rel="noreferrer"
          data-testid="store-open"
        >
          Open the store
        </a>
      }
    >
      {query.isPending ? (
        <p className="console-loading" role="status">
          Loading…
        </p>
      ) : query.isError ? (
        <p className="console-error" role="alert" data-testid="store-load-error">
          {errorMessage(query.error)}
        </p>
      ) : (
        <StoreForm key={eventcode} eventcode={eventcode} answer={query.data} />
      )}
    </Layout>
  );
}
