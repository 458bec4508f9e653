import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import {
  DEFAULT_VIDEO_CONTROLS,
  EMBED_ALLOW,
  EMBED_DOCUMENT_SANDBOX,
  EMBED_SANDBOX,
  type LandingVideo,
  type VideoControls,
} from '@sintonia/contract'
import { HeroVideo } from './hero-video'
import { HeroVideoSlot, selectActiveVideo } from './hero-video-slot'

// --- hls.js (light build) stand-in: records what the player is asked to do ----------------------
const hlsState = vi.hoisted(() => ({
  supported: true,
  instances: [] as {
    loadSource: ReturnType<typeof vi.fn>
    attachMedia: ReturnType<typeof vi.fn>
    destroy: ReturnType<typeof vi.fn>
    handlers: Record<string, (event: string, data: { fatal?: boolean }) => void>
  }[],
}))
vi.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' }
    static isSupported = () => hlsState.supported
    loadSource = vi.fn()
    attachMedia = vi.fn()
    destroy = vi.fn()
    handlers: Record<string, (event: string, data: { fatal?: boolean }) => void> = {}
    constructor() {
      hlsState.instances.push(this)
    }
    on(event: string, handler: (event: string, data: { fatal?: boolean }) => void) {
      this.handlers[event] = handler
    }
  }
  return { default: FakeHls }
})

// --- IntersectionObserver stand-in -----------------------------------------------------------------
class FakeObserver {
  static instances: FakeObserver[] = []
  readonly targets: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this)
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true
  }
  takeRecords() {
    return []
  }
  /** Reports the observed frame as (not) within the margin. */
  report(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    act(() => this.callback(entries, this as unknown as IntersectionObserver))
  }
}

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true })
}

const video = (id: string, type: LandingVideo['type'], url: string, controls: Partial<VideoControls> = {}): LandingVideo => ({
  id,
  type,
  url,
  title: 'Conheça o método',
  created_at: '2025-01-01T00:00:00.000Z',
  video_controls: { ...DEFAULT_VIDEO_CONTROLS, ...controls },
})

const UPLOAD = video('up', 'upload', '/media/videos/apresentacao.mp4')
const YOUTUBE = video('yt', 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')
const PARTNER = video('pt', 'embed', 'https://player.vimeo.com/video/76979871')
const HTML = video('html', 'embed', '<div id="player"></div><script src="https://cdn.parceiro.com/player.js"></script>')
const HLS = video('hls', 'embed', 'https://cdn.parceiro.com/live/stream.m3u8')
const HTML_HLS = video('hh', 'embed', '<video src="https://cdn.parceiro.com/aula.m3u8" controls></video>')

const RESTRICTED: Partial<VideoControls> = {
  allowPause: false,
  allowVolumeControl: false,
  allowSeek: false,
  allowFullscreen: false,
  allowKeyboardControls: false,
  showControls: false,
  autoplay: true,
  muted: false,
}

let pause: ReturnType<typeof vi.spyOn>
let play: ReturnType<typeof vi.spyOn>
let canPlayType: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  FakeObserver.instances = []
  hlsState.instances = []
  hlsState.supported = true
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  setScrollY(0)
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined)
  canPlayType = vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('')
})

afterEach(() => {
  cleanup() // unmount (pausing the players) while the media stubs are still in place
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  setScrollY(0)
})

const placeholder = () => screen.queryByText('Carregando vídeo...')
const frame = () => screen.queryByTestId('hero-video')

describe('mounting rule (200 px margin, 500 px scroll threshold)', () => {
  it('mounts at once while the page is scrolled less than 500 px', () => {
    setScrollY(499)
    const { container } = render(<HeroVideo video={YOUTUBE} />)
    expect(container.querySelector('iframe')).not.toBeNull()
    expect(FakeObserver.instances).toHaveLength(0)
  })

  it('further down, waits until the frame comes within 200 px of the viewport', () => {
    vi.useFakeTimers()
    setScrollY(800)
    const { container } = render(<HeroVideo video={YOUTUBE} />)
    expect(frame()).not.toBeNull()
    expect(placeholder()).not.toBeNull()
    expect(container.querySelector('iframe')).toBeNull()

    const [observer] = FakeObserver.instances
    expect(observer?.options.rootMargin).toBe('200px')
    expect(observer?.targets).toEqual([frame()])

    // Time alone does not mount it, and neither does a report that it is still far away.
    act(() => vi.advanceTimersByTime(5000))
    observer!.report(false)
    expect(container.querySelector('iframe')).toBeNull()

    observer!.report(true)
    expect(container.querySelector('iframe')).not.toBeNull()
    expect(observer!.disconnected).toBe(true)
    // Mounted now: the readiness delay starts only here.
    expect(placeholder()).not.toBeNull()
    act(() => vi.advanceTimersByTime(100))
    expect(placeholder()).toBeNull()
  })

  it('mounts when the visitor scrolls back above 500 px', () => {
    setScrollY(1200)
    const { container } = render(<HeroVideo video={UPLOAD} />)
    expect(container.querySelector('video')).toBeNull()
    setScrollY(300)
    act(() => {
      window.dispatchEvent(new Event('scroll'))
    })
    expect(container.querySelector('video')).not.toBeNull()
  })
})

describe('readiness delays', () => {
  it.each([
    ['upload', UPLOAD, 100],
    ['YouTube', YOUTUBE, 100],
    ['partner embed by URL', PARTNER, 300],
    ['embedded HTML', HTML, 600],
    ['HLS stream', HLS, 800],
    ['HTML with HLS', HTML_HLS, 1000],
  ])('%s is ready after %#', (_name, item, delay) => {
    vi.useFakeTimers()
    canPlayType.mockReturnValue('maybe') // native HLS: no hls.js needed for the timing
    render(<HeroVideo video={item} />)
    expect(placeholder()).not.toBeNull()
    act(() => vi.advanceTimersByTime(delay - 1))
    expect(placeholder()).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(placeholder()).toBeNull()
  })

  it('a new active video starts its own delay and pauses the previous one', () => {
    vi.useFakeTimers()
    const { container, rerender } = render(<HeroVideo video={UPLOAD} />)
    act(() => vi.advanceTimersByTime(100))
    const first = container.querySelector('video')!
    expect(placeholder()).toBeNull()

    rerender(<HeroVideo video={PARTNER} />)
    expect(pause.mock.contexts).toContain(first)
    expect(container.querySelector('video')).toBeNull()
    expect(placeholder()).not.toBeNull()
    act(() => vi.advanceTimersByTime(299))
    expect(placeholder()).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(placeholder()).toBeNull()
  })
})

describe('uploaded video', () => {
  it('uses the default controls: native controls, sound on, no autoplay', () => {
    const { container } = render(<HeroVideo video={UPLOAD} />)
    const element = container.querySelector('video')!
    expect(element.getAttribute('src')).toBe('/media/videos/apresentacao.mp4')
    expect(element.hasAttribute('controls')).toBe(true)
    expect(element.hasAttribute('controlslist')).toBe(false)
    expect(element.hasAttribute('autoplay')).toBe(false)
    expect(element.muted).toBe(false)
    expect(element.hasAttribute('playsinline')).toBe(true)
    expect(element.getAttribute('aria-label')).toBe('Conheça o método')
  })

  it('honours restricted controls: no controls, no fullscreen, muted autoplay, no seeking, pausing, volume or keys', () => {
    const { container } = render(<HeroVideo video={video('r', 'upload', '/media/r.mp4', RESTRICTED)} />)
    const element = container.querySelector('video')!
    expect(element.hasAttribute('controls')).toBe(false)
    expect(element.getAttribute('controlslist')).toBe('nofullscreen')
    expect(element.hasAttribute('autoplay')).toBe(true)
    expect(element.muted).toBe(true)

    // Seeking: a jump is undone.
    let time = 10
    Object.defineProperty(element, 'currentTime', { configurable: true, get: () => time, set: (v: number) => void (time = v) })
    fireEvent(element, new Event('timeupdate'))
    time = 95
    fireEvent(element, new Event('seeking'))
    expect(time).toBe(10)

    // Pausing: playback resumes.
    play.mockClear()
    fireEvent(element, new Event('pause'))
    expect(play).toHaveBeenCalledTimes(1)

    // Volume: locked where it started.
    element.volume = 0.2
    element.muted = false
    fireEvent(element, new Event('volumechange'))
    expect(element.volume).toBe(1)
    expect(element.muted).toBe(true)

    // Keys: swallowed on the element (Tab still moves focus).
    const outer = vi.fn()
    document.addEventListener('keydown', outer)
    expect(fireEvent.keyDown(element, { key: ' ' })).toBe(false)
    expect(fireEvent.keyDown(element, { key: 'ArrowRight' })).toBe(false)
    expect(outer).not.toHaveBeenCalled()
    expect(fireEvent.keyDown(element, { key: 'Tab' })).toBe(true)
    document.removeEventListener('keydown', outer)
  })

  it('leaves seeking, pausing, volume and keys alone when they are allowed', () => {
    const { container } = render(<HeroVideo video={UPLOAD} />)
    const element = container.querySelector('video')!
    let time = 10
    Object.defineProperty(element, 'currentTime', { configurable: true, get: () => time, set: (v: number) => void (time = v) })
    fireEvent(element, new Event('timeupdate'))
    time = 95
    fireEvent(element, new Event('seeking'))
    expect(time).toBe(95)
    play.mockClear()
    fireEvent(element, new Event('pause'))
    expect(play).not.toHaveBeenCalled()
    expect(fireEvent.keyDown(element, { key: ' ' })).toBe(true)
  })

  it('a replaced video that may not be paused is stopped, not resumed', () => {
    const restricted = video('r', 'upload', '/media/r.mp4', RESTRICTED)
    const { container, rerender } = render(<HeroVideo video={restricted} />)
    const element = container.querySelector('video')!
    play.mockClear()
    rerender(<HeroVideo video={UPLOAD} />)
    expect(pause.mock.contexts).toContain(element)
    fireEvent(element, new Event('pause'))
    expect(play).not.toHaveBeenCalled()
  })

  it('a load failure removes the video and leaves nothing behind', () => {
    const { container } = render(<HeroVideo video={UPLOAD} />)
    fireEvent.error(container.querySelector('video')!)
    expect(frame()).toBeNull()
    expect(container.innerHTML).toBe('')
  })

  it('a video that failed before it was mounted (a fast 404) is removed too', () => {
    // The browser fetches the src as soon as React creates the element, before the commit.
    // (jsdom has no `error` property on media elements: define one for this test.)
    Object.defineProperty(HTMLMediaElement.prototype, 'error', {
      configurable: true,
      get: () => ({ code: 4, message: '' }),
    })
    try {
      const { container } = render(<HeroVideo video={video('fast-404', 'upload', '/media/videos/nao-existe.mp4')} />)
      expect(container.innerHTML).toBe('')
    } finally {
      delete (HTMLMediaElement.prototype as { error?: unknown }).error
    }
  })

  it('an unusable address renders nothing', () => {
    const { container } = render(<HeroVideo video={video('bad', 'upload', 'javascript:alert(1)')} />)
    expect(container.innerHTML).toBe('')
  })
})

describe('embedded players', () => {
  it('YouTube: embed URL with the controls as parameters, sandboxed', () => {
    const { container } = render(<HeroVideo video={YOUTUBE} />)
    const iframe = container.querySelector('iframe')!
    const src = new URL(iframe.getAttribute('src')!)
    expect(src.origin + src.pathname).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(Object.fromEntries(src.searchParams)).toEqual({
      controls: '1',
      mute: '0',
      autoplay: '0',
      fs: '1',
      disablekb: '0',
      playsinline: '1',
      rel: '0',
    })
    expect(iframe.getAttribute('sandbox')).toBe(EMBED_SANDBOX)
    expect(iframe.getAttribute('allow')).toBe(EMBED_ALLOW)
    expect(iframe.getAttribute('title')).toBe('Conheça o método')
  })

  it('YouTube with restricted controls', () => {
    const { container } = render(<HeroVideo video={video('yt2', 'youtube', 'https://youtu.be/dQw4w9WgXcQ', RESTRICTED)} />)
    const iframe = container.querySelector('iframe')!
    const params = Object.fromEntries(new URL(iframe.getAttribute('src')!).searchParams)
    expect(params).toMatchObject({ controls: '0', mute: '1', autoplay: '1', fs: '0', disablekb: '1' })
    expect(iframe.getAttribute('allow')).not.toContain('fullscreen')
    expect(iframe.hasAttribute('allowfullscreen')).toBe(false)
  })

  it('partner player by URL: sandboxed frame on that URL', () => {
    const { container } = render(<HeroVideo video={PARTNER} />)
    const iframe = container.querySelector('iframe')!
    expect(iframe.getAttribute('src')).toBe('https://player.vimeo.com/video/76979871')
    expect(iframe.getAttribute('sandbox')).toBe(EMBED_SANDBOX)
  })

  it('pasted HTML: inline document in a frame without same-origin rights', () => {
    const { container } = render(<HeroVideo video={HTML} />)
    const iframe = container.querySelector('iframe')!
    expect(iframe.hasAttribute('src')).toBe(false)
    expect(iframe.getAttribute('srcdoc')).toContain('https://cdn.parceiro.com/player.js')
    expect(iframe.getAttribute('sandbox')).toBe(EMBED_DOCUMENT_SANDBOX)
  })
})

describe('HLS streams', () => {
  it('plays natively where the browser supports HLS, muted', () => {
    canPlayType.mockImplementation((type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''))
    const { container } = render(<HeroVideo video={HLS} />)
    const element = container.querySelector('video')!
    expect(element.getAttribute('src')).toBe('https://cdn.parceiro.com/live/stream.m3u8')
    expect(element.muted).toBe(true)
    expect(hlsState.instances).toHaveLength(0)
  })

  it('otherwise loads hls.js on demand, forced muted, and gives up on a fatal error', async () => {
    const { container } = render(<HeroVideo video={HLS} />)
    const element = container.querySelector('video')!
    expect(element.muted).toBe(true)
    expect(element.hasAttribute('src')).toBe(false)
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    const [hls] = hlsState.instances
    expect(hls?.loadSource).toHaveBeenCalledWith('https://cdn.parceiro.com/live/stream.m3u8')
    expect(hls?.attachMedia).toHaveBeenCalledWith(element)

    act(() => hls!.handlers.hlsError!('hlsError', { fatal: false }))
    expect(frame()).not.toBeNull()
    act(() => hls!.handlers.hlsError!('hlsError', { fatal: true }))
    expect(frame()).toBeNull()
    expect(hls!.destroy).toHaveBeenCalled()
  })

  it('shows no video when neither native HLS nor hls.js can play', async () => {
    hlsState.supported = false
    render(<HeroVideo video={HTML_HLS} />)
    await act(async () => {
      await vi.dynamicImportSettled()
    })
    expect(frame()).toBeNull()
  })
})

describe('HeroVideoSlot', () => {
  it('picks the active video from the payload, tolerating malformed data', () => {
    expect(selectActiveVideo({ active_video_id: 'yt', videos: [UPLOAD, YOUTUBE] })).toEqual(YOUTUBE)
    expect(selectActiveVideo({ active_video_id: null, videos: [UPLOAD] })).toBeNull()
    expect(selectActiveVideo({ active_video_id: 'yt', videos: 'nope' })).toBeNull()
    expect(selectActiveVideo(null)).toBeNull()
  })

  it('shows the placeholder frame while the player chunk loads, then the player', async () => {
    const { container } = render(<HeroVideoSlot video={PARTNER} />)
    expect(placeholder()).not.toBeNull()
    await screen.findByTitle('Conheça o método')
    expect(container.querySelector('iframe')?.getAttribute('sandbox')).toBe(EMBED_SANDBOX)
  })
})
