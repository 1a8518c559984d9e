import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { GUEST_LIST_SEPARATOR, NEW_REGISTRATION_ID, registrationMessages } from '@gavel/domain';
import { useGuestDialog } from '../../queries/registration';
import { Loading } from '../../ui/Loading';
import { Sheet } from '../../ui/Sheet';
import { GuestForm } from './GuestForm';

/**
 * Edit Guest Information (spec section 4): which person sits in the seat (one of the purchase's
 * registrations, or Add New), then that person's fields. A locked seat is shown, not changed.
 */
export function EditGuestDialog({
  token,
  guestid,
  onClose,
  onSaved,
  onRefused,
}: {
  token: string;
  guestid: number | null;
  onClose: () => void;
  onSaved: () => void;
  onRefused: () => void;
}) {
  // undefined: the seat's own person; a registration id or -1 once one is chosen.
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const dialog = useGuestDialog(token, guestid, chosen);
  const close = () => {
    setChosen(undefined);
    onClose();
  };
  const data = dialog.data;
  const cancel = (
    <IonButton expand="block" fill="outline" data-testid="guest-cancel" onClick={close}>
      Cancel
    </IonButton>
  );
  return (
    <Sheet
      open={guestid !== null}
      onClose={close}
      label={registrationMessages.editTitle}
      height="92%"
      testId="edit-guest-dialog"
    >
      <h2 className="gavel-store-dialog-title">{registrationMessages.editTitle}</h2>
      {dialog.isPending ? <Loading /> : null}
      {dialog.isError ? (
        <p className="gavel-error" role="alert" data-testid="edit-guest-error">
          {dialog.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          {data.guestislocked ? (
            <p className="gavel-guest-locked" role="status" data-testid="guest-locked-note">
              {registrationMessages.guestLocked}
            </p>
          ) : null}
          <label className={`gavel-select${data.guestislocked ? ' gavel-store-off' : ''}`}>
            <span>Guest</span>
            <select
              value={String(data.selectedregistrationid)}
              disabled={data.guestislocked || data.guestlist.length === 0}
              data-testid="guest-choice"
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              <option value={String(NEW_REGISTRATION_ID)}>{registrationMessages.addNew}</option>
              {data.guestlist.length > 0 ? <option disabled>{GUEST_LIST_SEPARATOR}</option> : null}
              {data.guestlist.map((g) => (
                <option key={g.existingguestid} value={String(g.existingguestid)}>
                  {g.existingguestname}
                </option>
              ))}
            </select>
          </label>
          <GuestForm
            key={`${data.guestid}:${data.selectedregistrationid}`}
            token={token}
            guestid={data.guestid}
            registrationid={data.selectedregistrationid}
            fields={data.guestfieldslist}
            lookups={data.guestlookuplist}
            locked={data.guestislocked}
            onSaved={() => {
              setChosen(undefined);
              onSaved();
            }}
            onRefused={onRefused}
            actions={cancel}
          />
        </>
      ) : (
        <div className="gavel-actions">{cancel}</div>
      )}
    </Sheet>
  );
}
