import { useState } from 'react';
import type { Path } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleEventDetail } from '@gavel/domain';
import { useApiForm } from '../../ui/form';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { useCan } from '../session';
import { problemsOf } from '../store/problems';
import { FormMessage } from '../ui/fields';
import { NotificationsSection } from './NotificationsSection';
import { PaymentsSection } from './PaymentsSection';
import { QueryState } from './parts';
import { TaxSection } from './TaxSection';
import { eventChanged, saveSettings, useConsoleEvent } from './queries';
import {
  BasicsSection,
  MessagesSection,
  PickupSection,
  RulesSection,
  TimesSection,
  VenueSection,
} from './SettingsSections';
import { settingsField, settingsForm, settingsValues, type SettingsValues } from './settingsForm';
import './events.css';

/** The settings form, built once the event's settings have arrived. */
function SettingsEditor({ detail }: { detail: ConsoleEventDetail }) {
  const client = useQueryClient();
  const owner = useCan('owner');
  const [saved, setSaved] = useState(detail.event);
  const [done, setDone] = useState(false);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: settingsForm({ secret: saved.processorsecretkeyset, webhook: saved.processorwebhooksecretset }),
    defaultValues: settingsValues(detail.event),
    submit: (body) =>
      saveSettings(saved.eventcode, body).catch((err: unknown) => {
        // Each problem the server answers goes under its field, as the form's own checks do.
        for (const p of problemsOf(err))
          form.setError(settingsField(p.path) as Path<SettingsValues>, { type: 'server', message: p.message });
        throw err;
      }),
    onSuccess: (answer) => {
      eventChanged(client, answer);
      setSaved(answer.event);
      // The form shows what was saved: cleaned HTML, stored images, secrets emptied again.
      form.reset(settingsValues(answer.event));
      setDone(true);
    },
  });
  return (
    <form
      id="settings-form"
      className="console-form settings-form"
      onSubmit={onSubmit}
      noValidate
      data-testid="settings-form"
    >
      <BasicsSection form={form} />
      <TimesSection form={form} zoneNow={saved.timezone} />
      <MessagesSection form={form} saved={saved} />
      <RulesSection form={form} />
      <NotificationsSection form={form} />
      <VenueSection form={form} />
      <PickupSection form={form} />
      <TaxSection form={form} />
      <PaymentsSection form={form} saved={saved} owner={owner} />
      <p className="console-hint">
        The display board&apos;s total and message are on{' '}
        <Link to={eventPath(saved.eventcode, 'board')}>Display board settings</Link>.
      </p>
      <div className="settings-savebar">
        <FormMessage message={message} />
        {done && !message && !form.formState.isDirty && (
          <p className="console-success" role="status" data-testid="settings-saved">
            Saved. Bidders&apos; phones and the board show the change now.
          </p>
        )}
        <button type="submit" className="console-button" disabled={busy} data-testid="settings-save">
          Save settings
        </button>
      </div>
    </form>
  );
}

/** The event's settings: every field of the import document's `event`, grouped, on the event's clock. */
export function EventSettingsPage() {
  const { eventcode = '' } = useParams();
  const { data, error } = useConsoleEvent(eventcode);
  return (
    <Layout
      title="Event settings"
      actions={
        data && (
          // Saves the form below from the page's head too: a long form need not be scrolled to save.
          <button type="submit" form="settings-form" className="console-button" data-testid="settings-save-top">
            Save settings
          </button>
        )
      }
    >
      <QueryState pending={!data} error={error} />
      {data && <SettingsEditor key={data.event.eventcode} detail={data} />}
    </Layout>
  );
}
