import { SettingsPage } from '../../features/admin-settings'

export default function AdminSettingsRoute() {
  return <SettingsPage />
}
