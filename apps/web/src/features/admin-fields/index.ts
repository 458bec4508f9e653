/** Public API of the admin fields page. */
export { FieldsPage } from './components/fields-page'
export { adminFieldKeys } from './api/fields'
