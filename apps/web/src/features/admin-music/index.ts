/** Public API of the admin background-music page. */
export { MusicPage } from './components/music-page'
export { adminMusicKeys } from './api/music'
