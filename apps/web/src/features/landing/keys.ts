/** Public entry for this feature's query keys only (see api/query-keys.ts). */
export { landingKeys, planKeys } from './api/query-keys'
