import { formatClosingTime, roleNames, STAFF_ROLES, type StaffMemberAnswer, type StaffRole } from '@gavel/domain';
import type { ColumnDef } from '../ui/DataTable';

interface Handlers {
  /** The signed-in person's email: their own row says "you". */
  me: string;
  busy: boolean;
  onRole: (member: StaffMemberAnswer, role: StaffRole) => void;
  onResend: (member: StaffMemberAnswer) => void;
  onRemove: (member: StaffMemberAnswer) => void;
}

const who = (m: StaffMemberAnswer) => m.name || m.email;

function Status({ member }: { member: StaffMemberAnswer }) {
  if (member.status === 'active') return <span className="staff-status active">Active</span>;
  const expires = member.invitedExpires;
  const expired = !expires || new Date(expires).getTime() <= Date.now();
  return (
    <>
      <span className="staff-status invited">{expired ? 'Invitation expired' : 'Invited'}</span>
      {!expired && <span className="staff-status-note">Link works until {formatClosingTime(expires)}</span>}
    </>
  );
}

/** The staff table's columns: name, email, role (a choice), status and the row's buttons. */
export function staffColumns({
  me,
  busy,
  onRole,
  onResend,
  onRemove,
}: Handlers): Array<ColumnDef<StaffMemberAnswer, never>> {
  return [
    {
      id: 'name',
      header: 'Person',
      accessorKey: 'name',
      cell: ({ row: { original: m } }) => (
        <span className="staff-person">
          <span className="staff-name" data-testid="staff-name">
            {m.name || 'Name not given yet'}
            {m.email.toLowerCase() === me.toLowerCase() && <span className="staff-you">(you)</span>}
          </span>
          <span className="staff-email" data-testid="staff-email">
            {m.email}
          </span>
        </span>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      accessorKey: 'role',
      cell: ({ row: { original: m } }) => (
        <select
          className="staff-role-select"
          aria-label={`Role of ${who(m)}`}
          value={m.role}
          disabled={busy}
          onChange={(e) => onRole(m, e.target.value as StaffRole)}
          data-testid="staff-role"
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleNames[r]}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      accessorKey: 'status',
      cell: ({ row: { original: m } }) => <Status member={m} />,
    },
    {
      id: 'actions',
      header: () => <span className="console-sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row: { original: m } }) => (
        <span className="staff-actions">
          {m.status === 'invited' && (
            <button
              type="button"
              className="console-button secondary"
              disabled={busy}
              onClick={() => onResend(m)}
              aria-label={`Send ${who(m)} a new invitation`}
              data-testid="staff-resend"
            >
              Send again
            </button>
          )}
          {/* Nobody removes themselves by a slip: another owner can. */}
          {m.email.toLowerCase() !== me.toLowerCase() && (
            <button
              type="button"
              className="console-button danger"
              disabled={busy}
              onClick={() => onRemove(m)}
              aria-label={`Remove ${who(m)}`}
              data-testid="staff-remove"
            >
              Remove
            </button>
          )}
        </span>
      ),
    },
  ];
}
