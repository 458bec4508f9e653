import { AdminHome } from '../../features/admin-shell'
import { AdminPresenceList } from '../../features/realtime'

/** `/admin`: counts and links to every section. Slot `presence`: the admins online now. */
export default function AdminHomeRoute() {
  return <AdminHome presence={<AdminPresenceList />} />
}
