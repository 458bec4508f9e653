/** Public API of the admin shell: layout, menu entries and the admin home. */
export { AdminLayout, type AdminLayoutProps } from './components/admin-layout'
export { AdminHome, type AdminHomeProps } from './components/admin-home'
export { adminOverviewKeys } from './api/overview'
export { ADMIN_SECTIONS, ADMIN_SECTION_GROUPS, type AdminSection } from './sections'
