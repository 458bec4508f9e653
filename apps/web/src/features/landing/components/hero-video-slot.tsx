import { lazy } from 'react'
import { activeVideo, type LandingVideo, type VideosContent } from '@sintonia/contract'
import { ClientOnly } from '../../../components/client-only'
import { isRecord } from '../lib/content'
import { VideoFrame, VideoPlaceholder } from './video-frame'

function NoVideo() {
  return null
}

/**
 * The player is a separate chunk, fetched only when a video is active, so the landing's entry
 * JS does not carry it. If the chunk cannot load, the hero simply shows no video.
 */
const HeroVideo = lazy(() =>
  import('./hero-video').then(
    (module) => ({ default: module.HeroVideo }),
    () => ({ default: NoVideo }),
  ),
)

/** The active video of the landing payload's 'videos' section, tolerating a malformed payload. */
export function selectActiveVideo(videos: unknown): LandingVideo | null {
  if (!isRecord(videos) || !Array.isArray(videos.videos)) return null
  const video = activeVideo(videos as VideosContent)
  return video && typeof video.url === 'string' && typeof video.type === 'string' ? video : null
}

/**
 * Hero media: the active landing video in a 16:9 frame, or nothing. The server render of the
 * landing writes the placeholder frame (ADR 013); the player is the browser's.
 */
export function HeroVideoSlot({ video }: { video: LandingVideo }) {
  return (
    <ClientOnly
      fallback={
        <VideoFrame>
          <VideoPlaceholder />
        </VideoFrame>
      }
    >
      <HeroVideo video={video} />
    </ClientOnly>
  )
}
