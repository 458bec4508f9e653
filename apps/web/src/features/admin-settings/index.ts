/** `/admin/settings`: product name, support e-mail and guarantee days. */
export { SettingsPage } from './components/settings-page'
