/** `/admin/users`: listeners, their subscriptions, complimentary access, admins, bans and paid purchases without an account. */
export { UsersPage } from './components/users-page'
