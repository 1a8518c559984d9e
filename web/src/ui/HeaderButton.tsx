import { IonButton } from '@ionic/react';
import { IonBadge, IonIcon } from './ionicLazy';

/** An icon button of the header with its count beside the icon, never over it (cart, notices); no count at zero. */
export function HeaderButton({
  icon,
  label,
  count,
  testId,
  badgeTestId,
  routerLink,
  onClick,
}: {
  icon: string;
  label: string;
  count: number;
  testId: string;
  badgeTestId: string;
  routerLink?: string;
  onClick?: () => void;
}) {
  return (
    <IonButton routerLink={routerLink} onClick={onClick} aria-label={label} data-testid={testId}>
      <IonIcon slot={count > 0 ? 'start' : 'icon-only'} icon={icon} aria-hidden="true" />
      {count > 0 ? (
        <IonBadge color="secondary" className="gavel-header-badge" data-testid={badgeTestId}>
          {count}
        </IonBadge>
      ) : null}
    </IonButton>
  );
}
