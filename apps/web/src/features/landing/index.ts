/** Public API of the landing feature. Routes and the app shell import from here only. */
export { LandingPage, preloadLandingBelowFold, type LandingPageProps } from './components/landing-page'
export { SiteFooter } from './components/site-footer'
export {
  landingKeys,
  landingQueryOptions,
  publicFieldsQueryOptions,
  useLanding,
  usePublicFields,
  useProductNameSetting,
} from './api/landing-queries'
export { planKeys, publicPlansQueryOptions, usePublicPlans } from './api/plans-queries'
