/** Public API of the search feature. Route modules import from here only. */
export { SearchBox, resultPath, type SearchBoxProps } from './components/search-box'
export { searchKeys, searchQueryOptions, isSearchable } from './api/search'
