import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberAnswer } from '@gavel/domain';
import { Layout } from '../Layout';
import { consoleApi, useSession } from '../session';
import { DataTable } from '../ui/DataTable';
import { FormMessage } from '../ui/fields';
import { InviteForm } from './InviteForm';
import { staffColumns } from './staffColumns';
import { staffKey, useStaffChanges } from './staffCalls';
import './staff.css';

/**
 * The organization's staff (owners only): who is on it with which role, who has not accepted yet,
 * an invitation form, a role to change and someone to remove (after a confirmation).
 */
export function StaffPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: staffKey, queryFn: () => consoleApi('GET /console/staff') });
  const [notice, setNotice] = useState('');
  const [removing, setRemoving] = useState<StaffMemberAnswer | null>(null);
  const changed = (message: string) => {
    setNotice(message);
    setRemoving(null);
    void queryClient.invalidateQueries({ queryKey: staffKey });
  };
  const { setRole, remove, invite, busy, error } = useStaffChanges(changed);
  const columns = staffColumns({
    me: session?.staff.email ?? '',
    busy,
    onRole: (member, role) => {
      setNotice('');
      setRole.run({ member, role });
    },
    onResend: (member) => {
      setNotice('');
      invite.run(member);
    },
    onRemove: (member) => {
      setNotice('');
      setRemoving(member);
    },
  });
  const who = (m: StaffMemberAnswer) => m.name || m.email;
  return (
    <Layout title="Staff">
      <div className="staff-messages">
        <p className="console-success" role="status" data-testid="staff-notice" hidden={!notice}>
          {notice}
        </p>
        <FormMessage message={error} testId="staff-error" />
        {list.isError && <FormMessage message={list.error.message} testId="staff-load-error" />}
      </div>
      {removing && (
        <div
          className="console-warning staff-confirm"
          role="alertdialog"
          aria-labelledby="staff-confirm-text"
          data-testid="staff-confirm"
        >
          <p id="staff-confirm-text">
            Remove <strong>{who(removing)}</strong> ({removing.email}) from the staff? They are signed out at once and
            their links stop working.
          </p>
          <button
            type="button"
            className="console-button danger"
            disabled={busy}
            onClick={() => remove.run(removing)}
            data-testid="staff-confirm-remove"
          >
            Remove
          </button>
          <button
            type="button"
            className="console-button secondary"
            onClick={() => setRemoving(null)}
            data-testid="staff-confirm-keep"
          >
            Keep
          </button>
        </div>
      )}
      <div className="staff-layout">
        <section className="staff-list" aria-labelledby="staff-list-title">
          <h2 id="staff-list-title">
            {list.data ? `${list.data.staff.length} ${list.data.staff.length === 1 ? 'person' : 'people'}` : 'People'}
          </h2>
          {list.isPending ? (
            <p className="console-loading" role="status">
              Loading…
            </p>
          ) : (
            <DataTable
              data={list.data?.staff ?? []}
              columns={columns}
              testId="staff-table"
              rowKey={(m) => String(m.staffid)}
              empty="Nobody is on the staff yet."
              caption="The organization’s staff"
            />
          )}
        </section>
        <InviteForm onInvited={changed} />
      </div>
    </Layout>
  );
}
