/** Public API of the offline feature: the IndexedDB audio cache and its React hooks. */
export {
  AUDIO_CACHE_DB_NAME,
  AUDIO_CACHE_DB_VERSION,
  AUDIO_CACHE_STORE,
  clearCachedAudios,
  closeAudioCacheDb,
  deleteCachedAudio,
  getCachedAudio,
  hasCachedAudio,
  listCachedAudios,
  openAudioCacheDb,
  putCachedAudio,
  subscribeCacheChanges,
  touchCachedAudio,
  type OfflineAudioMetadata,
  type OfflineAudioRecord,
} from './lib/audio-cache-db'
export {
  downloadAudio,
  downloadStore,
  ensureSpace,
  isDownloading,
  EVICTION_COUNT,
  EVICTION_THRESHOLD,
  type DownloadOptions,
  type DownloadProgress,
  type DownloadRequest,
  type DownloadStatus,
} from './lib/audio-downloader'
export {
  clearCache,
  getCacheStats,
  removeCachedAudio,
  requestPersistentStorage,
  type CacheStats,
  type CacheStatsOptions,
} from './lib/cache-stats'
export {
  createOfflinePlayableUrlResolver,
  type OfflinePlayableUrlResolver,
  type OfflineResolverOptions,
  type PlayableUrlResolver,
} from './lib/offline-resolver'
export { OFFLINE_ERRORS, OFFLINE_TOASTS, type OfflineNotice } from './lib/messages'
export { useDownload, type UseDownloadOptions, type UseDownloadResult } from './hooks/use-download'
export { useCacheStats, type UseCacheStatsOptions, type UseCacheStatsResult } from './hooks/use-cache-stats'
export { DownloadButton, type DownloadButtonProps } from './components/download-button'
export { DownloadsPage, type DownloadsPageProps } from './components/downloads-page'
export { DownloadsSummary } from './components/downloads-summary'
export { OfflineAvailabilityNotice } from './components/offline-availability-notice'
export { useCachedAudios, type CachedAudioSummary, type UseCachedAudiosResult } from './hooks/use-cached-audios'
export { formatPercent } from './lib/format'
export {
  clearKeptMusic,
  fetchActiveMusic,
  keepBackgroundMusic,
  readKeptMusic,
  withOfflineMusic,
  MUSIC_CACHE_DB_NAME,
  type MusicConfig,
  type MusicLoader,
  type MusicTrack,
  type OfflineMusicLoader,
} from './lib/music-cache'
export { clearOfflineData, prepareOfflineListening } from './lib/offline-data'
export {
  configureSessionDownloads,
  createOfflineSessionResolver,
  type OfflineSessionResolver,
  type SessionDownloadsConfig,
} from './lib/session-downloads'
export { getKeptSession, SESSION_CACHE_DB_NAME, type KeptSession } from './lib/session-cache'
export { OFFLINE_API_CACHE, SKIP_WAITING_MESSAGE, isOfflineApiPath } from './sw-shared'
