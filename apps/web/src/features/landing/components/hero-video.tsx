/**
 * The landing hero's video player (docs/product/public-pages.md#hero-video). Loaded as its own
 * chunk by HeroVideoSlot; hls.js is a further chunk, fetched only when an HLS stream is active and
 * the browser cannot play HLS natively.
 */
import { useEffect, useRef, useState, type RefObject } from 'react'
import {
  classifyVideo,
  effectiveVideoControls,
  EMBED_ALLOW,
  EMBED_DOCUMENT_SANDBOX,
  EMBED_SANDBOX,
  isHlsUrl,
  resolveVideoSource,
  VIDEO_MOUNT_MARGIN_PX,
  VIDEO_SCROLL_THRESHOLD_PX,
  videoReadinessDelayMs,
  type LandingVideo,
  type VideoControls,
  type VideoSource,
} from '@sintonia/contract'
import { cn } from '../../../lib/cn'
import { VideoFrame, VideoPlaceholder } from './video-frame'

const HLS_MIME = 'application/vnd.apple.mpegurl'
/** A jump larger than this between two time updates is a seek, not playback. */
const SEEK_TOLERANCE_S = 0.75
const DEFAULT_TITLE = 'Vídeo de apresentação'

/**
 * Mount once the frame is within 200 px of the viewport, or while the page is scrolled less than
 * 500 px. Once mounted it stays mounted.
 */
export function useMountWhenNear(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(
    () =>
      typeof window === 'undefined' ||
      window.scrollY < VIDEO_SCROLL_THRESHOLD_PX ||
      typeof IntersectionObserver === 'undefined',
  )

  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${VIDEO_MOUNT_MARGIN_PX}px` },
    )
    observer.observe(element)
    const onScroll = () => {
      if (window.scrollY < VIDEO_SCROLL_THRESHOLD_PX) setNear(true)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      observer.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
  }, [near, ref])

  return near
}

/** Browsers only allow muted autoplay, so autoplay starts muted. */
function startsMuted(controls: VideoControls): boolean {
  return controls.muted || controls.autoplay
}

/** A YouTube embed URL carrying the stored controls as player parameters. */
export function youTubePlayerUrl(embedUrl: string, controls: VideoControls): string {
  const url = new URL(embedUrl)
  const flag = (on: boolean) => (on ? '1' : '0')
  url.searchParams.set('controls', flag(controls.showControls))
  url.searchParams.set('mute', flag(startsMuted(controls)))
  url.searchParams.set('autoplay', flag(controls.autoplay))
  url.searchParams.set('fs', flag(controls.allowFullscreen))
  url.searchParams.set('disablekb', flag(!controls.allowKeyboardControls))
  url.searchParams.set('playsinline', '1')
  url.searchParams.set('rel', '0')
  return url.href
}

function isYouTubeEmbed(src: string): boolean {
  return src.startsWith('https://www.youtube.com/embed/')
}

/** `allow` of an embed frame; without fullscreen permission when the admin turned fullscreen off. */
function frameAllow(controls: VideoControls): string {
  if (controls.allowFullscreen) return EMBED_ALLOW
  return EMBED_ALLOW.split(';')
    .map((token) => token.trim())
    .filter((token) => token && token !== 'fullscreen')
    .join('; ')
}

interface HlsLike {
  loadSource(src: string): void
  attachMedia(media: HTMLMediaElement): void
  on(event: string, listener: (event: string, data: { fatal?: boolean }) => void): void
  destroy(): void
}

/**
 * Streams HLS into `element`: natively where the browser can (Safari, recent Chrome on some
 * platforms), otherwise through hls.js, imported only now. Returns the cleanup.
 */
function attachHls(element: HTMLVideoElement, src: string, onFail: () => void): () => void {
  if (element.canPlayType(HLS_MIME)) {
    element.src = src
    return () => undefined
  }
  let disposed = false
  let player: HlsLike | null = null
  import('hls.js/light')
    .then(({ default: Hls }) => {
      if (disposed) return
      if (!Hls.isSupported()) {
        onFail()
        return
      }
      const hls = new Hls() as unknown as HlsLike
      player = hls
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) onFail()
      })
      hls.loadSource(src)
      hls.attachMedia(element)
    })
    .catch(() => {
      if (!disposed) onFail()
    })
  return () => {
    disposed = true
    player?.destroy()
  }
}

interface NativeVideoProps {
  src: string
  hls: boolean
  controls: VideoControls
  title: string
  onFail: () => void
}

/** An uploaded file or an HLS stream in a <video>, with the stored controls enforced. */
function NativeVideo({ src, hls, controls, title, onFail }: NativeVideoProps) {
  const ref = useRef<HTMLVideoElement>(null)
  const onFailRef = useRef(onFail)
  useEffect(() => {
    onFailRef.current = onFail
  }, [onFail])
  const muted = startsMuted(controls)
  const { allowSeek, allowPause, allowVolumeControl, allowKeyboardControls, allowFullscreen } = controls

  // The source: a plain src attribute, or HLS attached here.
  useEffect(() => {
    const element = ref.current
    if (!element || !hls) return
    return attachHls(element, src, () => onFailRef.current())
  }, [hls, src])

  // Load failures. Not React's onError: React creates the element (and the browser starts
  // fetching its src) while rendering, before the commit, and drops events that reach an element
  // not yet committed — a fast 404 would leave an empty black frame. So: listen natively after
  // mount, and also catch an error that already happened.
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const fail = () => onFailRef.current()
    if (element.error) {
      fail()
      return
    }
    element.addEventListener('error', fail)
    return () => element.removeEventListener('error', fail)
  }, [src])

  // Controls the browser offers no attribute for are enforced through media events.
  useEffect(() => {
    const element = ref.current
    if (!element) return
    element.muted = muted
    element.defaultMuted = muted
    let disposing = false
    let lastTime = element.currentTime
    const lockedVolume = element.volume
    const cleanups: (() => void)[] = []
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, listener: (event: HTMLMediaElementEventMap[K]) => void, capture = false) => {
      element.addEventListener(type, listener, capture)
      cleanups.push(() => element.removeEventListener(type, listener, capture))
    }

    if (!allowSeek) {
      on('timeupdate', () => {
        if (!element.seeking) lastTime = element.currentTime
      })
      on('seeking', () => {
        if (Math.abs(element.currentTime - lastTime) > SEEK_TOLERANCE_S) element.currentTime = lastTime
      })
    }
    if (!allowPause) {
      on('pause', () => {
        if (!disposing && !element.ended) void element.play()?.catch(() => undefined)
      })
    }
    if (!allowVolumeControl) {
      on('volumechange', () => {
        if (element.volume !== lockedVolume) element.volume = lockedVolume
        if (element.muted !== muted) element.muted = muted
      })
    }
    if (!allowKeyboardControls) {
      on(
        'keydown',
        (event) => {
          if (event.key === 'Tab') return
          event.preventDefault()
          event.stopPropagation()
        },
        true,
      )
    }
    if (!allowFullscreen) {
      const onFullscreen = () => {
        if (document.fullscreenElement === element) void document.exitFullscreen?.().catch(() => undefined)
      }
      document.addEventListener('fullscreenchange', onFullscreen)
      cleanups.push(() => document.removeEventListener('fullscreenchange', onFullscreen))
    }

    return () => {
      // Replaced or removed: stop it (also when pausing is not allowed).
      disposing = true
      for (const cleanup of cleanups) cleanup()
      element.pause()
    }
  }, [allowSeek, allowPause, allowVolumeControl, allowKeyboardControls, allowFullscreen, muted])

  return (
    <video
      ref={ref}
      src={hls ? undefined : src}
      title={title}
      aria-label={title}
      controls={controls.showControls}
      controlsList={controls.allowFullscreen ? undefined : 'nofullscreen'}
      muted={muted}
      autoPlay={controls.autoplay}
      playsInline
      preload="metadata"
      className="size-full bg-black object-contain"
    />
  )
}

function EmbedFrame({ source, controls, title }: { source: Exclude<VideoSource, { render: 'video' }>; controls: VideoControls; title: string }) {
  const common = {
    title,
    allow: frameAllow(controls),
    allowFullScreen: controls.allowFullscreen,
    className: 'absolute inset-0 size-full border-0',
  }
  if (source.render === 'srcdoc') {
    return <iframe {...common} srcDoc={source.html} sandbox={EMBED_DOCUMENT_SANDBOX} />
  }
  const src = isYouTubeEmbed(source.src) ? youTubePlayerUrl(source.src, controls) : source.src
  return <iframe {...common} src={src} sandbox={EMBED_SANDBOX} referrerPolicy="strict-origin-when-cross-origin" />
}

/** One video from mount to ready: the player loads under the placeholder for the product's delay. */
function VideoStage({ video, source, onFail }: { video: LandingVideo; source: VideoSource; onFail: () => void }) {
  const [ready, setReady] = useState(false)
  const delay = videoReadinessDelayMs(classifyVideo(video))
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delay)
    return () => clearTimeout(timer)
  }, [delay])

  const controls = effectiveVideoControls(video)
  const title = video.title?.trim() || DEFAULT_TITLE
  return (
    <>
      <div
        aria-hidden={ready ? undefined : true}
        className={cn('absolute inset-0 transition-opacity duration-500', ready ? 'opacity-100' : 'opacity-0')}
      >
        {source.render === 'video' ? (
          <NativeVideo src={source.src} hls={isHlsUrl(source.src)} controls={controls} title={title} onFail={onFail} />
        ) : (
          <EmbedFrame source={source} controls={controls} title={title} />
        )}
      </div>
      {ready ? null : <VideoPlaceholder />}
    </>
  )
}

function videoKey(video: LandingVideo): string {
  return `${video.id}\u0000${video.type}\u0000${video.url}`
}

/**
 * Videos that failed in this page load. The hero may be rendered again (new landing data, a
 * remount): a video already known to fail must not come back as an empty black frame.
 */
const FAILED_VIDEO_KEYS = new Set<string>()

/**
 * The active hero video. Renders nothing when the video cannot be played safely or fails to load
 * (the hero stays as it is). A new active video replaces the stage: the previous one is paused.
 */
export function HeroVideo({ video }: { video: LandingVideo }) {
  const frameRef = useRef<HTMLDivElement>(null)
  const near = useMountWhenNear(frameRef)
  const [failedKey, setFailedKey] = useState<string | null>(null)
  const key = videoKey(video)
  const source = resolveVideoSource(video)

  if (!source || failedKey === key || FAILED_VIDEO_KEYS.has(key)) return null
  return (
    <VideoFrame ref={frameRef}>
      {near ? (
        <VideoStage
          key={key}
          video={video}
          source={source}
          onFail={() => {
            FAILED_VIDEO_KEYS.add(key)
            setFailedKey(key)
          }}
        />
      ) : (
        <VideoPlaceholder />
      )}
    </VideoFrame>
  )
}
