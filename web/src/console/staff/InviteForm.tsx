import { inviteStaffRequest, roleNames, STAFF_ROLES } from '@gavel/domain';
import { useApiForm } from '../../ui/form';
import { consoleApi } from '../session';
import { FormMessage, Select, TextInput } from '../ui/fields';

const ROLE_HINTS = {
  owner: 'Everything, including the staff and payment settings.',
  staff: 'Events, items, the store and bidders; not the staff.',
  volunteer: 'The desks on the night and read-only lists.',
} as const;

/** Invite someone by email: the invitation link is mailed and works for 7 days. */
export function InviteForm({ onInvited }: { onInvited: (message: string) => void }) {
  const invite = useApiForm({
    schema: inviteStaffRequest,
    defaultValues: { email: '', name: '', role: 'staff' },
    submit: (values) => consoleApi('POST /console/staff', values),
    onSuccess: (answer) => {
      invite.form.reset();
      onInvited(answer.message);
    },
  });
  const { form, onSubmit, message, busy } = invite;
  const role = form.watch('role');
  return (
    <section className="staff-invite" aria-labelledby="staff-invite-title">
      <h2 id="staff-invite-title">Invite someone</h2>
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="invite-form">
        <TextInput form={form} name="email" label="Email" type="email" autoComplete="off" testId="invite-email" />
        <TextInput form={form} name="name" label="Name (optional)" autoComplete="off" testId="invite-name" />
        <Select
          form={form}
          name="role"
          label="Role"
          hint={ROLE_HINTS[role]}
          options={STAFF_ROLES.map((r) => ({ value: r, label: roleNames[r] }))}
          testId="invite-role"
        />
        <FormMessage message={message} testId="invite-message" />
        <button type="submit" className="console-button" disabled={busy} data-testid="invite-submit">
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}
