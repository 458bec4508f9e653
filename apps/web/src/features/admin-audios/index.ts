/** Public API of the admin audios page. */
export { AudiosPage } from './components/audios-page'
export { adminAudioKeys } from './api/audios'
