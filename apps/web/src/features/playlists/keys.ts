/** Public entry for this feature's query keys only (see api/query-keys.ts). */
export { playlistKeys } from './api/query-keys'
