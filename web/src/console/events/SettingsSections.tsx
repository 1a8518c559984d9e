import type { UseFormReturn } from 'react-hook-form';
import type { EventSettingsAnswer, EventSettingsFields } from '@gavel/domain';
import { Checkbox, Select, TextArea, TextInput } from '../ui/fields';
import type { SettingsValues } from './settingsForm';
import { zoneOptions } from './zones';
import { ZonedTimes } from './parts';

/** The settings form, typed as the screen holds it and as it is sent. */
export type SettingsForm = UseFormReturn<SettingsValues, unknown, EventSettingsFields>;

export function BasicsSection({ form }: { form: SettingsForm }) {
  const logo = form.watch('logourl');
  return (
    <fieldset data-testid="settings-basics">
      <legend>Basics</legend>
      <div className="console-row">
        <TextInput form={form} name="eventname" label="Event name" testId="settings-eventname" />
        <TextInput
          form={form}
          name="eventcode"
          label="Event code"
          testId="settings-eventcode"
          disabled
          hint="Fixed: copy the event to give it another code"
        />
      </div>
      <div className="console-row">
        <TextInput
          form={form}
          name="organizationphone"
          label="Organization phone"
          autoComplete="tel"
          testId="settings-phone"
        />
        <TextInput
          form={form}
          name="organizationemail"
          label="Organization email"
          type="email"
          testId="settings-email"
        />
      </div>
      <TextInput
        form={form}
        name="logourl"
        label="Logo"
        testId="settings-logourl"
        hint="An image address on this site (/media/…) or https://…"
      />
      {logo && <img className="settings-logo-preview" src={logo} alt="The logo as saved" />}
      <TextArea
        form={form}
        name="sponsorurl"
        label="Sponsor images"
        rows={3}
        testId="settings-sponsors"
        hint="One image address per line; the display board shows them along its foot"
      />
    </fieldset>
  );
}

export function TimesSection({ form, zoneNow }: { form: SettingsForm; zoneNow: string }) {
  return (
    <fieldset data-testid="settings-times">
      <legend>Dates and times</legend>
      <Select
        form={form}
        name="timezone"
        label="Time zone"
        testId="settings-timezone"
        options={zoneOptions(zoneNow)}
        hint="Every time on this page is on this zone's clock"
      />
      <ZonedTimes form={form} testIdPrefix="settings" />
      <div className="console-row events-times">
        <TextInput
          form={form}
          name="extendedbiddingminutes"
          label="Extended bidding (minutes)"
          testId="settings-extendedminutes"
          hint="A bid in an item's last minutes pushes its close this far; 0 is off"
        />
        <TextInput
          form={form}
          name="extendedbiddinglatest"
          type="datetime-local"
          label="Latest an extension may reach"
          testId="settings-extendedlatest"
          hint="Empty: no limit"
        />
      </div>
    </fieldset>
  );
}

const MESSAGES: Array<[keyof EventSettingsFields & keyof SettingsValues, string, string]> = [
  ['welcomemessage', 'Welcome message', 'Shown when a bidder joins'],
  ['homemessage', 'Home page message', 'Shown on the event home while it is open'],
  ['preeventtext', 'Before the event', 'Shown on the event home before it opens'],
  ['contactus', 'Contact us', 'The Contact Us page'],
  ['privacypolicy', 'Privacy policy', 'The Privacy Policy page'],
];

/**
 * The organizer's HTML messages, each with what the server saved: it cleans HTML before storing
 * (scripts, event handlers and unknown tags removed), so the preview is the cleaned result.
 */
export function MessagesSection({ form, saved }: { form: SettingsForm; saved: EventSettingsAnswer }) {
  return (
    <fieldset data-testid="settings-messages">
      <legend>Messages</legend>
      <p className="console-hint">
        HTML is allowed. Gavel cleans it when it saves; each preview shows the saved, cleaned message as bidders see it.
      </p>
      {MESSAGES.map(([name, label, hint]) => (
        <div key={name} className="settings-message">
          <TextArea form={form} name={name} label={label} hint={hint} rows={3} testId={`settings-${name}`} />
          <details className="settings-preview">
            <summary>Preview of the saved message</summary>
            {saved[name] ? (
              <div
                className="settings-preview-body"
                data-testid={`preview-${name}`}
                // Cleaned by the server before it was stored (lib/html.ts), as the bidder app shows it.
                dangerouslySetInnerHTML={{ __html: String(saved[name]) }}
              />
            ) : (
              <p className="console-hint">Nothing saved yet.</p>
            )}
          </details>
        </div>
      ))}
    </fieldset>
  );
}

export function RulesSection({ form }: { form: SettingsForm }) {
  return (
    <>
      <fieldset data-testid="settings-rules">
        <legend>Bidding rules</legend>
        <Checkbox
          form={form}
          name="eventallowanonymousbidding"
          label="Bidders may bid anonymously"
          testId="settings-anonymous"
        />
        <Checkbox
          form={form}
          name="eventallowguestentry"
          label="Guests may look around without signing in"
          testId="settings-guests"
        />
        <Checkbox
          form={form}
          name="needscardtoregister"
          label="A card on file is needed to sign in"
          testId="settings-cardtoregister"
        />
        <Checkbox
          form={form}
          name="needscardtobid"
          label="A card on file is needed to bid"
          testId="settings-cardtobid"
        />
        <Checkbox
          form={form}
          name="addressrequired"
          label="Bidders must give their address"
          testId="settings-address"
        />
        <Checkbox form={form} name="ziprequired" label="Bidders must give their ZIP code" testId="settings-zip" />
      </fieldset>
      <fieldset data-testid="settings-fees">
        <legend>Fees and Bill Me</legend>
        <Checkbox
          form={form}
          name="allowbillme"
          label="Bidders may choose Bill Me (pay later)"
          testId="settings-billme"
        />
        <Checkbox form={form} name="allowpayccfees" label="Bidders may cover the card fee" testId="settings-payfees" />
        <TextInput
          form={form}
          name="ccfeespercent"
          label="Card fee (percent)"
          testId="settings-feepercent"
          hint="0 to 20"
        />
      </fieldset>
    </>
  );
}

export function VenueSection({ form }: { form: SettingsForm }) {
  const has = form.watch('hasvenue');
  return (
    <fieldset data-testid="settings-venue">
      <legend>Venue</legend>
      <Checkbox
        form={form}
        name="hasvenue"
        label="The event has a venue (shown on the store and guest pages)"
        testId="settings-hasvenue"
      />
      {has && (
        <>
          <TextInput form={form} name="venue.name" label="Venue name" testId="settings-venue-name" />
          <TextArea form={form} name="venue.address" label="Address" rows={3} testId="settings-venue-address" />
          <div className="console-row events-times">
            <TextInput
              form={form}
              name="venue.starts"
              type="datetime-local"
              label="Starts"
              testId="settings-venue-starts"
            />
            <TextInput
              form={form}
              name="venue.ends"
              type="datetime-local"
              label="Ends"
              hint="Empty: no end shown"
              testId="settings-venue-ends"
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

export function PickupSection({ form }: { form: SettingsForm }) {
  return (
    <fieldset data-testid="settings-pickup">
      <legend>Pickup</legend>
      <TextArea
        form={form}
        name="pickupinstructions"
        label="Where and when won items are collected"
        rows={3}
        testId="settings-pickup-text"
        hint="Shown in order history and on the receipt, unless an item says otherwise"
      />
    </fieldset>
  );
}
