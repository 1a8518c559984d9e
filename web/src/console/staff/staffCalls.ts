import type { StaffMemberAnswer, StaffRole } from '@gavel/domain';
import { useAction } from '../../ui/action';
import { consoleApi } from '../session';

/** The staff list's cache key. */
export const staffKey = ['console', 'staff'] as const;

/**
 * The staff list's buttons: change a role, send an invitation again, remove someone. Each says
 * what it did through `done` (the page shows it and reloads the list); a refusal is `error`.
 */
export function useStaffChanges(done: (message: string) => void) {
  const setRole = useAction(
    ({ member, role }: { member: StaffMemberAnswer; role: StaffRole }) =>
      consoleApi('PUT /console/staff/:staffid', { role }, { params: { staffid: member.staffid } }),
    (answer) => done(answer.message),
  );
  const invite = useAction(
    (member: StaffMemberAnswer) =>
      consoleApi('POST /console/staff', { email: member.email, name: member.name, role: member.role }),
    (answer) => done(answer.message),
  );
  const remove = useAction(
    (member: StaffMemberAnswer) =>
      consoleApi('DELETE /console/staff/:staffid', undefined, { params: { staffid: member.staffid } }),
    (answer) => done(answer.message),
  );
  return {
    setRole,
    invite,
    remove,
    busy: setRole.busy || invite.busy || remove.busy,
    error: setRole.error || invite.error || remove.error,
  };
}
