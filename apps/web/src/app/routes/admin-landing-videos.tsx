import { VideosPage } from '../../features/admin-videos'

/** `/admin/landing-videos` */
export default function AdminLandingVideosRoute() {
  return <VideosPage />
}
