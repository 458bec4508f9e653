import { AdminGuard } from '../../features/auth/pages'

/** Layout route for the admin area: role admin only. */
export default function AdminGuardRoute() {
  return <AdminGuard />
}
