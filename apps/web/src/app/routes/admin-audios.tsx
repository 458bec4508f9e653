import { AudiosPage } from '../../features/admin-audios'

/** `/admin/audios` */
export default function AdminAudiosPageRoute() {
  return <AudiosPage />
}
