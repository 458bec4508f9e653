/** Public entry for this feature's query keys only (see api/query-keys.ts). */
export { transcriptKeys } from './api/query-keys'
