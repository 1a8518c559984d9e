import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { IonIcon } from '../../ui/ionicLazy';
import { chevronForward, lockClosed, pencil } from 'ionicons/icons';
import { type GuestGroup, progressMessages } from '@gavel/domain';
import { useReloadGuests } from '../../queries/registration';
import { EditGuestDialog } from './EditGuestDialog';
import { RenameGroupDialog } from './RenameGroupDialog';
import './registration.css';

/**
 * A purchase's groups and their guests (the purchaser's page and the store's Registration tab):
 * each group's name with its rename button where allowed, each guest a row that opens the edit
 * dialog, 'Answers needed' on a named guest missing a required answer, a lock icon on locked
 * guests. After a save or rename the groups are read again.
 */
export function GuestGroups({ token, groups }: { token: string; groups: GuestGroup[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<GuestGroup | null>(null);
  const reload = useReloadGuests();
  return (
    <>
      {groups.map((group) => (
        <section
          key={group.groupid}
          className="gavel-card gavel-guest-group"
          data-testid="guest-group"
          aria-labelledby={`group-${group.groupid}`}
        >
          <div className="gavel-guest-group-head">
            <h3 id={`group-${group.groupid}`} data-testid="group-name">
              {group.groupname}
            </h3>
            {group.allowchangegroupname ? (
              <IonButton
                fill="clear"
                size="small"
                aria-label={`Rename ${group.groupname}`}
                data-testid="group-rename"
                onClick={() => setRenaming(group)}
              >
                <IonIcon slot="icon-only" icon={pencil} aria-hidden="true" />
              </IonButton>
            ) : null}
          </div>
          <ul className="gavel-guest-list">
            {group.guests.map((guest, i) => (
              <li key={guest.guestid}>
                <button
                  type="button"
                  className="gavel-guest-row"
                  data-testid="guest-row"
                  data-locked={guest.guestislocked}
                  onClick={() => setEditing(guest.guestid)}
                >
                  <span className="gavel-guest-seat" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="gavel-guest-name" data-testid="guest-name">
                    {guest.guestname}
                  </span>
                  {guest.guestneedsanswers ? (
                    <span className="gavel-guest-needs" data-testid="guest-needs-answers">
                      {progressMessages.answersNeeded}
                    </span>
                  ) : null}
                  {guest.guestislocked ? (
                    <IonIcon
                      icon={lockClosed}
                      className="gavel-guest-lock"
                      aria-label="Locked"
                      data-testid="guest-lock"
                    />
                  ) : null}
                  <IonIcon icon={chevronForward} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <EditGuestDialog
        token={token}
        guestid={editing}
        onClose={() => setEditing(null)}
        onRefused={() => void reload()}
        onSaved={() => {
          setEditing(null);
          void reload();
        }}
      />
      <RenameGroupDialog
        token={token}
        group={renaming}
        onClose={() => setRenaming(null)}
        onSaved={() => {
          setRenaming(null);
          void reload();
        }}
      />
    </>
  );
}
