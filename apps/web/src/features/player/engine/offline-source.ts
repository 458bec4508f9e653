/**
 * Where the engine gets a playable URL for an audio. Today it is the streaming URL of the API;
 * the offline feature will pass its own resolver that answers with an object URL of the copy
 * kept in IndexedDB (`DriveAudioCache`/`audios`) and falls back to `audio.url`.
 *
 * One function on purpose: the engine knows nothing about caches. The resolver owns the
 * lifetime of any object URL it creates (e.g. keep one live URL per audio id and revoke the
 * previous one when a different audio is resolved).
 */
export interface PlayableAudio {
  id: string
  url: string
}

export type PlayableUrlResolver = (audio: PlayableAudio) => string | Promise<string>

/** The default: stream from the network. */
export const resolvePlayableUrl: PlayableUrlResolver = (audio) => audio.url
