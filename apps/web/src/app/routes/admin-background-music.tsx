import { MusicPage } from '../../features/admin-music'

/** `/admin/background-music` */
export default function AdminMusicPageRoute() {
  return <MusicPage />
}
