/** `/admin/communication`: leads with CSV export, e-mail campaigns by segment, the outbox. */
export { CommunicationPage } from './components/communication-page'
