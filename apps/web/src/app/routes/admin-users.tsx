import { useSignedIn } from '../../features/auth'
import { UsersPage } from '../../features/admin-users'

export default function AdminUsersRoute() {
  const { user } = useSignedIn()
  return <UsersPage currentUserId={user?.id} />
}
