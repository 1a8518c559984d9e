import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { StaffRole } from '@gavel/domain';
import { roleAllows, roleNeeded } from '@gavel/domain';
import { useSession } from './session';
import { Layout } from './Layout';

/** A page loaded with its route: each desk's code arrives when it is opened. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ComponentType {
  return lazy(async () => {
    const component: ComponentType = (await load())[name];
    return { default: component };
  });
}

const SignInPage = page(() => import('./staff/SignInPage'), 'SignInPage');
const InvitationPage = page(() => import('./staff/InvitationPage'), 'InvitationPage');
const SignInLinkPage = page(() => import('./staff/SignInLinkPage'), 'SignInLinkPage');
const ResetPage = page(() => import('./staff/ResetPage'), 'ResetPage');
const StaffPage = page(() => import('./staff/StaffPage'), 'StaffPage');
const AuditPage = page(() => import('./audit/AuditPage'), 'AuditPage');
const EventsPage = page(() => import('./events/EventsPage'), 'EventsPage');
const OverviewPage = page(() => import('./events/OverviewPage'), 'OverviewPage');
const EventSettingsPage = page(() => import('./events/EventSettingsPage'), 'EventSettingsPage');
const StoreSettingsPage = page(() => import('./store/StoreSettingsPage'), 'StoreSettingsPage');
const BoardSettingsPage = page(() => import('./events/BoardSettingsPage'), 'BoardSettingsPage');
const ItemsPage = page(() => import('./items/ItemsPage'), 'ItemsPage');
const ItemFormPage = page(() => import('./items/ItemFormPage'), 'ItemFormPage');
const ImportPage = page(() => import('./items/ImportPage'), 'ImportPage');
const BiddersPage = page(() => import('./bidders/BiddersPage'), 'BiddersPage');
const CheckinPage = page(() => import('./checkin/CheckinPage'), 'CheckinPage');
const ClosePage = page(() => import('./close/ClosePage'), 'ClosePage');
const LiveSalesPage = page(() => import('./live/LiveSalesPage'), 'LiveSalesPage');
const FundANeedPage = page(() => import('./live/FundANeedPage'), 'FundANeedPage');
const DeskPage = page(() => import('./desk/DeskPage'), 'DeskPage');
const ChargeAllPage = page(() => import('./chargeall/ChargeAllPage'), 'ChargeAllPage');
const PickupPage = page(() => import('./pickup/PickupPage'), 'PickupPage');
const ReportsPage = page(() => import('./reports/ReportsPage'), 'ReportsPage');
const MessagesPage = page(() => import('./messages/MessagesPage'), 'MessagesPage');
const PrintablesPage = page(() => import('./printables/PrintablesPage'), 'PrintablesPage');
const TextingPage = page(() => import('./texting/TextingPage'), 'TextingPage');

function Waiting() {
  return (
    <p className="console-loading" role="status">
      Loading…
    </p>
  );
}

/**
 * A page for the signed-in staff whose role allows it: the sign-in form when signed out, and a
 * sentence saying which role is needed when the role does not allow it (the server refuses the
 * calls anyway).
 */
function Staffed({ role, children }: { role: StaffRole; children: ReactNode }) {
  const session = useSession();
  if (!session) return <SignInPage />;
  if (!roleAllows(session.staff.role, role))
    return (
      <Layout title="Not for your role">
        <p className="console-notice" data-testid="role-needed">
          {roleNeeded(role)}
        </p>
      </Layout>
    );
  return <>{children}</>;
}

const staffed = (role: StaffRole, Page: ComponentType) => (
  <Staffed role={role}>
    <Page />
  </Staffed>
);

/** The console's addresses: `/console/...` for the organization, `/{eventcode}/console/...` for one event. */
export function ConsoleRoutes() {
  return (
    <Suspense fallback={<Waiting />}>
      <Routes>
        <Route path="/console/invitation/:secret" element={<InvitationPage />} />
        <Route path="/console/signin/:secret" element={<SignInLinkPage />} />
        <Route path="/console/reset/:secret" element={<ResetPage />} />
        <Route path="/console/staff" element={staffed('owner', StaffPage)} />
        <Route path="/console/audit" element={staffed('staff', AuditPage)} />
        <Route path="/console" element={staffed('volunteer', EventsPage)} />
        <Route path="/:eventcode/console" element={staffed('volunteer', OverviewPage)} />
        <Route path="/:eventcode/console/settings" element={staffed('staff', EventSettingsPage)} />
        <Route path="/:eventcode/console/store" element={staffed('staff', StoreSettingsPage)} />
        <Route path="/:eventcode/console/board" element={staffed('staff', BoardSettingsPage)} />
        <Route path="/:eventcode/console/items" element={staffed('volunteer', ItemsPage)} />
        <Route path="/:eventcode/console/items/new" element={staffed('staff', ItemFormPage)} />
        <Route path="/:eventcode/console/items/import" element={staffed('staff', ImportPage)} />
        <Route path="/:eventcode/console/items/:itemnum" element={staffed('staff', ItemFormPage)} />
        <Route path="/:eventcode/console/bidders" element={staffed('volunteer', BiddersPage)} />
        <Route path="/:eventcode/console/audit" element={staffed('staff', AuditPage)} />
        <Route path="/:eventcode/console/checkin" element={staffed('volunteer', CheckinPage)} />
        <Route path="/:eventcode/console/close" element={staffed('staff', ClosePage)} />
        <Route path="/:eventcode/console/live" element={staffed('staff', LiveSalesPage)} />
        <Route path="/:eventcode/console/fund-a-need" element={staffed('staff', FundANeedPage)} />
        <Route path="/:eventcode/console/desk" element={staffed('volunteer', DeskPage)} />
        <Route path="/:eventcode/console/charge-all" element={staffed('owner', ChargeAllPage)} />
        <Route path="/:eventcode/console/pickup" element={staffed('volunteer', PickupPage)} />
        <Route path="/:eventcode/console/reports/*" element={staffed('staff', ReportsPage)} />
        <Route path="/:eventcode/console/messages" element={staffed('staff', MessagesPage)} />
        <Route path="/:eventcode/console/printables" element={staffed('staff', PrintablesPage)} />
        <Route path="/console/texting" element={staffed('owner', TextingPage)} />
        <Route
          path="*"
          element={
            <Layout title="Page not found">
              <p className="console-notice">
                There is no console page here. <a href="/console">Go to your events</a>.
              </p>
            </Layout>
          }
        />
      </Routes>
    </Suspense>
  );
}
