import { configureSessionDownloads } from '../features/offline'
import { describeSession, readAudioPreferences, sessionRequestFor } from '../features/player'
import { safeLocalStorage } from '../lib/safe-local-storage'

let wired = false

/**
 * "Baixar" keeps, besides the voice copy, the session of that audio for the listener's settings of
 * that moment (docs/product/sessions.md#offline): the offline feature gets the player's request
 * rule and the API through here, since features do not import each other. Called by the listening
 * routes that show download buttons; once is enough.
 */
export function wireSessionDownloads(): void {
  if (wired) return
  wired = true
  configureSessionDownloads({
    requestFor: (audioId) =>
      sessionRequestFor([{ id: audioId, title: '', url: '' }], { index: 0, heard: 0 }, { continuous: false, preferences: readAudioPreferences(safeLocalStorage()), sleep: null })
        ?.request ?? null,
    describe: describeSession,
  })
}
