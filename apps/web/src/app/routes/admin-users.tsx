import { useSession } from '../../features/auth'
import { UsersPage } from '../../features/admin-users'

export default function AdminUsersRoute() {
  const { user } = useSession()
  return <UsersPage currentUserId={user?.id} />
}
