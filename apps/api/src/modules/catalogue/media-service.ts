import type { Database } from '../../db/client.js'
import type { ReadCache } from '../../lib/cache/read-cache.js'
import type { MediaStorage } from '../../lib/storage/media-storage.js'
import { AUTH_MSG, MEDIA_MSG, type AudioTranscript } from '@sintonia/contract'
import { HttpError } from '../../lib/http/errors.js'
import type { AudioFile } from './cache-plugin.js'
import { findAudioById, findTranscriptText } from './repository.js'
import { resolvePublicDemo } from './service.js'
import { hasListeningAccess } from '../commerce/subscriptions-service.js'

export interface Denial {
  status: 401 | 403
  message: string
  reason: 'anonymous' | 'banned' | 'no_subscription'
}

/**
 * Audio files go only to active subscribers (and admins, who manage them); the public demo is the
 * one exception. Anonymous → 401, signed in without access → 403. Returns why this request may not
 * hear subscriber audio, or null when it may. The subscription is read with the sign-in (one round
 * trip), so a ban or a cancelled subscription counts on the next request
 * (docs/product/listening.md#who-may-listen).
 */
export async function listeningDenial(
  db: Database,
  signedIn: { user: { id: string; banned: boolean; role: string }; subscribed?: boolean } | null,
): Promise<Denial | null> {
  if (!signedIn) return { status: 401, message: MEDIA_MSG.subscriptionRequired, reason: 'anonymous' }
  if (signedIn.user.banned) return { status: 403, message: AUTH_MSG.banned, reason: 'banned' }
  if (signedIn.user.role !== 'admin' && !(await hasListeningAccess(db, signedIn))) {
    return { status: 403, message: MEDIA_MSG.subscriptionRequired, reason: 'no_subscription' }
  }
  return null
}

/** The audio and its stored file, from the catalogue's cache (null for an unknown audio). */
export function findAudioFile(
  deps: { db: Database; storage: MediaStorage; audioFileCache: ReadCache<AudioFile | null> },
  audioId: string,
): Promise<AudioFile | null> {
  return deps.audioFileCache.getOrLoad(audioId, async () => {
    const audio = await findAudioById(deps.db, audioId)
    if (!audio) return null
    return { audio, object: await deps.storage.stat(audio.fileKey) }
  })
}

/**
 * The id of the audio the public demo plays now (null without one), from the catalogue's cache:
 * what a visitor may hear, for the file route and the sessions alike.
 */
export function publicDemoId(deps: { db: Database; storage: MediaStorage; publicDemoCache: ReadCache<string | null> }): Promise<string | null> {
  return deps.publicDemoCache.getOrLoad('demo', async () => (await resolvePublicDemo(deps.db, deps.storage))?.audio.id ?? null)
}

/**
 * An audio's transcript under the audio's own rule (docs/product/listening.md#transcript): the
 * public demo's to anyone, every other one to listeners who may hear it (listeningDenial). An
 * unknown audio is 404 for everyone; a refusal is audited like the file's and thrown by `refuse`.
 */
export async function readTranscript(
  deps: { db: Database; storage: MediaStorage; audioFileCache: ReadCache<AudioFile | null>; publicDemoCache: ReadCache<string | null> },
  audioId: string,
  denial: Denial | null,
  refuse: (denial: Denial) => Promise<never>,
): Promise<AudioTranscript> {
  const file = await findAudioFile(deps, audioId)
  if (!file) throw new HttpError(404, MEDIA_MSG.audioNotFound)
  if (denial && (await publicDemoId(deps)) !== file.audio.id) await refuse(denial)
  return { transcript: await findTranscriptText(deps.db, audioId) }
}
