/**
 * The support / data-protection contact shown on the legal pages and the thank-you page.
 * The one place this address is written in the web app (the API keeps its own setting,
 * `support_email`, with the same default); when an endpoint exposes that setting, read it here.
 */
export const SUPPORT_EMAIL = 'contato@sintonia.app'

/** When the legal texts last changed. Update together with the texts. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-22', label: '22 de novembro de 2026' } as const
