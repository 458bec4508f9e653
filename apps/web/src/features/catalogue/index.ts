/** Public API of the catalogue feature (listener field page and catalogue reads). */
export { FieldPage, type FieldPageProps } from './components/field-page'
export { AudioCard, type AudioCardProps } from './components/audio-card'
export { audioQueryOptions, catalogueKeys, fieldAudiosQueryOptions, fieldQueryOptions } from './api/catalogue-queries'
export { collectTags, filterByTags, isUuid, visibleTags } from './lib/tag-filter'
