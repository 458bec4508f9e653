/** Public API of the account feature (/minha-conta: profile, subscription status, LGPD). */
export { AccountPage, type AccountPageProps, type AccountSubscriptionView } from './components/account-page'
