/** Public API of the legal feature: the pages at /lgpd, /privacy and /terms and the support contact. */
export { LgpdPage } from './content/lgpd'
export { PrivacyPolicyPage, type LegalPageProps } from './content/privacy-policy'
export { TermsPage } from './content/terms'
export { LEGAL_LAST_UPDATED, SUPPORT_EMAIL } from './lib/contact'
