/** `/admin/users`: listeners, their subscriptions, complimentary access, admins and bans. */
export { UsersPage } from './components/users-page'
