/**
 * The page column, shared by the header and the layouts under it so their edges line up: the same
 * gutters everywhere, and a wider column in the admin area (a sidebar beside tables).
 */
export const PAGE_GUTTERS = 'px-4 sm:px-6'
export const PAGE_MAX_WIDTH = { site: 'max-w-6xl', admin: 'max-w-7xl' } as const
export type PageWidth = keyof typeof PAGE_MAX_WIDTH
