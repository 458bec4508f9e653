import { CommunicationPage } from '../../features/admin-communication'

export default function AdminCommunicationRoute() {
  return <CommunicationPage />
}
