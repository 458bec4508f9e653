/** Public API of the admin landing-videos page. */
export { VideosPage } from './components/videos-page'
export { adminVideoKeys } from './api/videos'
