import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { type GuestGroup, registrationMessages } from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { useAction } from '../../ui/action';
import { Field } from '../../ui/Field';
import { Sheet } from '../../ui/Sheet';

/**
 * Rename Your Group, with Cancel and Save; a refusal opens 'Error Saving Group Name' with the
 * server's message and Ok (spec sections 2 and 8). The name is saved as typed.
 */
export function RenameGroupDialog({
  token,
  group,
  onClose,
  onSaved,
}: {
  token: string;
  group: GuestGroup | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const value = name ?? group?.groupname ?? '';
  const close = () => {
    setName(null);
    onClose();
  };
  const save = useAction(
    (groupname: string) => api('PUT /storeguestgroupname', { groupid: group?.groupid ?? 0, groupname }, { token }),
    () => {
      setName(null);
      onSaved();
    },
    (message) => setFailure(message),
  );
  return (
    <>
      <Sheet
        open={group !== null && !failure}
        onClose={close}
        label={registrationMessages.renameTitle}
        variant="dialog"
        testId="rename-dialog"
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.run(value);
          }}
        >
          <h2 className="gavel-store-dialog-title">{registrationMessages.renameTitle}</h2>
          <Field label="Group Name" value={value} onChange={setName} maxLength={100} testId="rename-input" />
          <div className="gavel-actions">
            <IonButton type="submit" expand="block" disabled={save.busy} data-testid="rename-save">
              Save
            </IonButton>
            <IonButton expand="block" fill="outline" data-testid="rename-cancel" onClick={close}>
              Cancel
            </IonButton>
          </div>
        </form>
      </Sheet>
      <Sheet
        open={failure !== ''}
        onClose={() => setFailure('')}
        label={registrationMessages.renameError}
        variant="dialog"
        testId="rename-error-dialog"
      >
        <div role="alert">
          <h2 className="gavel-store-dialog-title">{registrationMessages.renameError}</h2>
          <p data-testid="rename-error-message">{failure}</p>
        </div>
        <div className="gavel-actions">
          <IonButton expand="block" data-testid="rename-error-ok" onClick={() => setFailure('')}>
            Ok
          </IonButton>
        </div>
      </Sheet>
    </>
  );
}
