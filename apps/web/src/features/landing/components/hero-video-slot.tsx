import { Suspense } from 'react'
import { activeVideo, type LandingVideo, type VideosContent } from '@sintonia/contract'
import { lazyOnClient } from '../../../lib/lazy-on-client'
import { isRecord } from '../lib/content'
import { VideoFrame, VideoPlaceholder } from './video-frame'

function NoVideo() {
  return null
}

/**
 * The player is a separate chunk, fetched only when a video is active, so the landing's entry
 * JS does not carry it. If the chunk cannot load, the hero simply shows no video.
 */
const HeroVideo = lazyOnClient(() =>
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

/** Hero media: the active landing video in a 16:9 frame, or nothing. */
export function HeroVideoSlot({ video }: { video: LandingVideo }) {
  return (
    <Suspense
      fallback={
        <VideoFrame>
          <VideoPlaceholder />
        </VideoFrame>
      }
    >
      <HeroVideo video={video} />
    </Suspense>
  )
}
