import { describe, it, expect } from 'vitest'
import {
  classifyVideo,
  DEFAULT_VIDEO_CONTROLS,
  effectiveVideoControls,
  EMBED_DOCUMENT_SANDBOX,
  EMBED_SANDBOX,
  isHlsUrl,
  isHttpUrl,
  isSafeLink,
  parseEmbedHtml,
  resolveVideoSource,
  toYouTubeEmbedUrl,
  VIDEO_KINDS,
  videoReadinessDelayMs,
  type VideoKind,
} from '../index.js'

const ID = 'dQw4w9WgXcQ'
const EMBED = `https://www.youtube.com/embed/${ID}`

describe('toYouTubeEmbedUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s&list=PL123`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abcDEF&t=10`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}?feature=share`,
    `https://m.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/live/${ID}`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `  https://youtu.be/${ID}/  `,
  ])('converts %s', (url) => {
    expect(toYouTubeEmbedUrl(url)).toBe(EMBED)
  })

  it('keeps ids with - and _', () => {
    expect(toYouTubeEmbedUrl('https://youtu.be/a-b_c-d_e-f')).toBe('https://www.youtube.com/embed/a-b_c-d_e-f')
  })

  it.each([
    '',
    '   ',
    `https://vimeo.com/${ID}`,
    `https://player.vimeo.com/video/123456`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://notyoutu.be/${ID}`,
    `https://youtube.com@evil.example/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert('${ID}')`,
    'https://www.youtube.com/watch?v=dQw4w9WgXc', // 10 chars
    'https://www.youtube.com/watch?v=dQw4w9WgXcQQ', // 12 chars
    'https://youtu.be/dQw4w9WgX!Q',
    'https://youtu.be/dQw4w9WgX%51',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch',
    `https://www.youtube.com/watch/${ID}`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/embed/${ID}/extra`,
    'https://www.youtube.com/embed/videoseries?list=PL123',
    `https://youtu.be/${ID}/extra`,
    `https://www.youtube.com/`,
    `https://youtu.be/`,
    `<iframe src="https://www.youtube.com/embed/${ID}"></iframe>`,
  ])('refuses %j', (url) => {
    expect(toYouTubeEmbedUrl(url)).toBeNull()
  })
})

describe('parseEmbedHtml', () => {
  it('reduces an iframe to its src', () => {
    expect(
      parseEmbedHtml('<iframe width="560" height="315" src="https://player.parceiro.com/embed/abc" allowfullscreen></iframe>'),
    ).toEqual({ kind: 'src', src: 'https://player.parceiro.com/embed/abc' })
  })

  it('reads single-quoted and unquoted src, any case', () => {
    expect(parseEmbedHtml("<IFRAME SRC='https://p.com/v/1'></IFRAME>")).toEqual({ kind: 'src', src: 'https://p.com/v/1' })
    expect(parseEmbedHtml('<iframe src=https://p.com/v/2 frameborder=0></iframe>')).toEqual({ kind: 'src', src: 'https://p.com/v/2' })
  })

  it('decodes entities and takes //host as https', () => {
    expect(parseEmbedHtml('<iframe src="https://p.com/v?a=1&amp;b=2"></iframe>')).toEqual({ kind: 'src', src: 'https://p.com/v?a=1&b=2' })
    expect(parseEmbedHtml('<iframe src="//player.vimeo.com/video/1"></iframe>')).toEqual({
      kind: 'src',
      src: 'https://player.vimeo.com/video/1',
    })
  })

  it('reduces video and source tags', () => {
    expect(parseEmbedHtml('<video controls src="https://cdn.p.com/a.mp4"></video>')).toEqual({ kind: 'src', src: 'https://cdn.p.com/a.mp4' })
    expect(parseEmbedHtml('<video controls><source src="https://cdn.p.com/a.m3u8" type="application/x-mpegURL"></video>')).toEqual({
      kind: 'src',
      src: 'https://cdn.p.com/a.m3u8',
    })
  })

  it('is not fooled by data-src or a src inside another attribute value', () => {
    expect(parseEmbedHtml('<iframe data-src="javascript:alert(1)" src="https://p.com/ok"></iframe>')).toEqual({
      kind: 'src',
      src: 'https://p.com/ok',
    })
    expect(parseEmbedHtml(`<iframe title='src="javascript:alert(1)"' src="https://p.com/ok"></iframe>`)).toEqual({
      kind: 'src',
      src: 'https://p.com/ok',
    })
    expect(parseEmbedHtml('<iframe title="a > b" src="https://p.com/ok"></iframe>')).toEqual({ kind: 'src', src: 'https://p.com/ok' })
  })

  it.each([
    '<iframe src="javascript:alert(1)"></iframe>',
    "<iframe src='JavaScript:alert(1)'></iframe>",
    '<iframe src="&#106;avascript:alert(1)"></iframe>',
    '<iframe src="java\tscript:alert(1)"></iframe>',
    '<iframe src="  javascript:alert(1)"></iframe>',
    '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>',
    '<video src="blob:https://x/1"></video>',
    '<iframe src="vbscript:msgbox(1)"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe><script>alert(1)</script>',
  ])('refuses %j (never a javascript:/data: src)', (html) => {
    expect(parseEmbedHtml(html)).toBeNull()
  })

  it('takes the first http(s) src after a refused one', () => {
    expect(parseEmbedHtml('<iframe src="javascript:x"></iframe><iframe src="https://p.com/ok"></iframe>')).toEqual({
      kind: 'src',
      src: 'https://p.com/ok',
    })
  })

  it('turns a script-based player into an inline document', () => {
    const snippet =
      '<div id="vid_123" style="position:relative"></div><script type="text/javascript">var s=document.createElement("script");s.src="https://scripts.parceiro.com/player.js";document.head.appendChild(s);</script>'
    const result = parseEmbedHtml(snippet)
    expect(result?.kind).toBe('document')
    if (result?.kind !== 'document') return
    expect(result.html).toContain(snippet)
    expect(result.html).toMatch(/^<!doctype html>/i)
    expect(result.html).toContain('<meta charset="utf-8">')
  })

  it('keeps a full document as is', () => {
    const doc = '<html><body><script src="https://p.com/x.js"></script></body></html>'
    expect(parseEmbedHtml(doc)).toEqual({ kind: 'document', html: doc })
  })

  it('treats an iframe without src as a document', () => {
    expect(parseEmbedHtml('<iframe id="p"></iframe><script src="https://p.com/fill.js"></script>')?.kind).toBe('document')
  })

  it.each(['', '   \n ', 'https://p.com/v/1', 'apenas texto'])('gives null for %j', (input) => {
    expect(parseEmbedHtml(input)).toBeNull()
  })
})

describe('isHlsUrl', () => {
  it.each([
    'https://cdn.p.com/live/stream.m3u8',
    'https://cdn.p.com/live/stream.M3U8',
    'https://cdn.p.com/live/stream.m3u8?token=abc.mp4',
    'https://cdn.p.com/live/stream.m3u8#t=10',
    '/media/stream.m3u8',
    '  https://cdn.p.com/a.m3u8  ',
  ])('detects %s', (url) => {
    expect(isHlsUrl(url)).toBe(true)
  })
  it.each([
    'https://cdn.p.com/video.mp4',
    'https://cdn.p.com/video.mp4?format=m3u8',
    'https://cdn.p.com/video.mp4?file=a.m3u8',
    'https://cdn.p.com/a.m3u8x',
    'https://cdn.p.com/m3u8',
    '',
  ])('does not detect %s', (url) => {
    expect(isHlsUrl(url)).toBe(false)
  })
})

describe('classifyVideo', () => {
  it.each<[string, string, VideoKind]>([
    ['upload', '/media/videos/video_1.mp4', 'upload'],
    ['upload', 'https://cdn.p.com/v.m3u8', 'hls'],
    ['youtube', `https://youtu.be/${ID}`, 'youtube'],
    ['embed', 'https://player.parceiro.com/v/123', 'partner-url'],
    ['embed', 'https://cdn.parceiro.com/v/123/playlist.m3u8?t=1', 'hls'],
    ['embed', `https://www.youtube.com/watch?v=${ID}`, 'youtube'],
    ['embed', '<iframe src="https://player.parceiro.com/v/1"></iframe>', 'embed-html'],
    ['embed', '<div id="p"></div><script src="https://p.com/player.js"></script>', 'embed-html'],
    ['embed', '<video><source src="https://cdn.p.com/a.m3u8"></video>', 'html-hls'],
    ['embed', '<iframe src="https://player.p.com/embed?src=https%3A%2F%2Fcdn.p.com%2Fa.m3u8"></iframe>', 'html-hls'],
    ['embed', '<script>player.load({ hls: "https://cdn.p.com/live/index.M3U8?x=1" })</script>', 'html-hls'],
  ])('%s %s → %s', (type, url, kind) => {
    expect(classifyVideo({ type: type as 'upload' | 'youtube' | 'embed', url })).toBe(kind)
  })
})

describe('videoReadinessDelayMs (video readiness)', () => {
  it.each<[VideoKind, number]>([
    ['upload', 100],
    ['youtube', 100],
    ['partner-url', 300],
    ['embed-html', 600],
    ['hls', 800],
    ['html-hls', 1000],
  ])('%s → %i ms', (kind, ms) => {
    expect(videoReadinessDelayMs(kind)).toBe(ms)
  })
  it('covers every kind', () => {
    for (const kind of VIDEO_KINDS) expect(videoReadinessDelayMs(kind)).toBeGreaterThan(0)
  })
  it('chains with classifyVideo', () => {
    expect(videoReadinessDelayMs(classifyVideo({ type: 'embed', url: 'https://p.com/a.m3u8' }))).toBe(800)
    expect(videoReadinessDelayMs(classifyVideo({ type: 'embed', url: '<script src="https://p.com/a.m3u8"></script>' }))).toBe(1000)
  })
})

describe('effectiveVideoControls', () => {
  it('fills missing controls with the defaults', () => {
    expect(effectiveVideoControls({ type: 'upload', url: '/v.mp4' })).toEqual(DEFAULT_VIDEO_CONTROLS)
    expect(effectiveVideoControls({ type: 'upload', url: '/v.mp4', video_controls: null })).toEqual(DEFAULT_VIDEO_CONTROLS)
    expect(effectiveVideoControls({ type: 'upload', url: '/v.mp4', video_controls: { allowSeek: false } })).toEqual({
      ...DEFAULT_VIDEO_CONTROLS,
      allowSeek: false,
    })
  })

  it('ignores non-boolean flags', () => {
    expect(effectiveVideoControls({ type: 'upload', url: '/v.mp4', video_controls: { autoplay: 'yes', muted: 1 } })).toEqual(
      DEFAULT_VIDEO_CONTROLS,
    )
  })

  it('keeps stored muted and autoplay for non-HLS videos', () => {
    const c = effectiveVideoControls({ type: 'youtube', url: `https://youtu.be/${ID}`, video_controls: { muted: false, autoplay: true } })
    expect(c.muted).toBe(false)
    expect(c.autoplay).toBe(true)
  })

  it.each([
    { type: 'upload' as const, url: 'https://cdn.p.com/a.m3u8' },
    { type: 'embed' as const, url: 'https://cdn.p.com/a.m3u8?x=1' },
    { type: 'embed' as const, url: '<video src="https://cdn.p.com/a.m3u8"></video>' },
  ])('forces muted for HLS ($url)', (video) => {
    expect(effectiveVideoControls({ ...video, video_controls: { muted: false } }).muted).toBe(true)
    expect(effectiveVideoControls(video).muted).toBe(true)
  })

  it('does not mutate the defaults', () => {
    effectiveVideoControls({ type: 'upload', url: 'https://cdn.p.com/a.m3u8', video_controls: { allowPause: false } })
    expect(DEFAULT_VIDEO_CONTROLS.muted).toBe(false)
    expect(DEFAULT_VIDEO_CONTROLS.allowPause).toBe(true)
  })
})

describe('resolveVideoSource', () => {
  it('renders uploads and HLS in a video element', () => {
    expect(resolveVideoSource({ type: 'upload', url: '/media/v.mp4' })).toEqual({ render: 'video', kind: 'upload', src: '/media/v.mp4' })
    expect(resolveVideoSource({ type: 'embed', url: 'https://cdn.p.com/a.m3u8' })).toEqual({
      render: 'video',
      kind: 'hls',
      src: 'https://cdn.p.com/a.m3u8',
    })
  })
  it('renders YouTube and partner URLs in a frame', () => {
    expect(resolveVideoSource({ type: 'youtube', url: `https://youtu.be/${ID}` })).toEqual({ render: 'iframe', kind: 'youtube', src: EMBED })
    expect(resolveVideoSource({ type: 'embed', url: 'https://player.p.com/v/1' })).toEqual({
      render: 'iframe',
      kind: 'partner-url',
      src: 'https://player.p.com/v/1',
    })
  })
  it('renders pasted HTML as its src or as a srcdoc document', () => {
    expect(resolveVideoSource({ type: 'embed', url: '<iframe src="https://player.p.com/v/1"></iframe>' })).toEqual({
      render: 'iframe',
      kind: 'embed-html',
      src: 'https://player.p.com/v/1',
    })
    expect(resolveVideoSource({ type: 'embed', url: '<video src="https://cdn.p.com/a.m3u8"></video>' })).toEqual({
      render: 'video',
      kind: 'html-hls',
      src: 'https://cdn.p.com/a.m3u8',
    })
    expect(resolveVideoSource({ type: 'embed', url: '<script src="https://p.com/x.js"></script>' })?.render).toBe('srcdoc')
  })
  it('gives null for unusable or hostile videos', () => {
    expect(resolveVideoSource({ type: 'youtube', url: 'https://vimeo.com/1' })).toBeNull()
    expect(resolveVideoSource({ type: 'upload', url: 'javascript:alert(1)' })).toBeNull()
    expect(resolveVideoSource({ type: 'embed', url: '<iframe src="javascript:alert(1)"></iframe>' })).toBeNull()
    expect(resolveVideoSource({ type: 'upload', url: '//evil.example/v.mp4' })).toBeNull()
  })
})

describe('embed sandbox', () => {
  it('is the agreed sandbox for URL frames', () => {
    expect(EMBED_SANDBOX).toBe('allow-scripts allow-same-origin allow-presentation allow-popups')
  })
  it('never lets a frame navigate the page', () => {
    for (const s of [EMBED_SANDBOX, EMBED_DOCUMENT_SANDBOX]) expect(s).not.toContain('allow-top-navigation')
  })
  it('keeps srcdoc documents out of our origin', () => {
    expect(EMBED_DOCUMENT_SANDBOX.split(' ')).toContain('allow-scripts')
    expect(EMBED_DOCUMENT_SANDBOX.split(' ')).not.toContain('allow-same-origin')
  })
})

describe('isHttpUrl / isSafeLink', () => {
  it('accepts paths and http(s) URLs only', () => {
    expect(isSafeLink('/lgpd')).toBe(true)
    expect(isSafeLink('https://exemplo.com.br/x')).toBe(true)
    for (const bad of ['/a\u0000b', '/a\u007fb', '//evil.example', '/\\evil', 'javascript:alert(1)', 'data:x', 'mailto:a@b.c', 'exemplo.com', '', '/a b']) {
      expect(isSafeLink(bad)).toBe(false)
    }
    expect(isHttpUrl('http://a.com')).toBe(true)
    expect(isHttpUrl('https:a.com')).toBe(false)
    expect(isHttpUrl('/path')).toBe(false)
  })
})
