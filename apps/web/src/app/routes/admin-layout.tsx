import { useSignedIn } from '../../features/auth'
import { AdminLayout } from '../../features/admin-shell'
import { AdminRealtimeStatus } from '../../features/realtime'

/**
 * The admin shell around every /admin page. Slots: `headerExtras` (right of the admin bar, e.g.
 * the realtime connection status) and `asideExtras` (under the menu on large screens, e.g. the
 * admins online now).
 */
export default function AdminLayoutRoute() {
  const { user } = useSignedIn()
  // The status also keeps this admin present on admin-sync on every admin page.
  return <AdminLayout email={user?.email} headerExtras={<AdminRealtimeStatus />} />
}
