/**
 * Video rules of the landing hero (docs/product/public-pages.md#hero-video). Pure functions: no
 * DOM access, no side effects at import time, so the same rules run in the API (validating admin
 * saves) and in the browser (rendering).
 *
 * This module is a leaf: `landing.ts` imports from it (schemas, URL checks), never the reverse,
 * so there is no import cycle. The video-controls schema lives here because `effectiveVideoControls`
 * needs its defaults; `landing.ts` re-exports it with the rest of the 'videos' section.
 */

// ---------------------------------------------------------------------------------------------
// Video types and controls (stored JSON of section 'videos')
// ---------------------------------------------------------------------------------------------

/** How an admin added a video: an uploaded file, a YouTube link, or a partner-player embed (URL or pasted HTML). */
export const VIDEO_TYPES = ['upload', 'youtube', 'embed'] as const
export type VideoType = (typeof VIDEO_TYPES)[number]

/** Player controls of one video (all booleans). */
export interface VideoControls {
  allowPause: boolean
  allowVolumeControl: boolean
  allowSeek: boolean
  allowFullscreen: boolean
  allowKeyboardControls: boolean
  showControls: boolean
  autoplay: boolean
  muted: boolean
}

/** All true except autoplay and muted. Frozen: copy it before editing. */
export const DEFAULT_VIDEO_CONTROLS: Readonly<VideoControls> = Object.freeze({
  allowPause: true,
  allowVolumeControl: true,
  allowSeek: true,
  allowFullscreen: true,
  allowKeyboardControls: true,
  showControls: true,
  autoplay: false,
  muted: false,
})

const CONTROL_KEYS = Object.keys(DEFAULT_VIDEO_CONTROLS) as (keyof VideoControls)[]

// ---------------------------------------------------------------------------------------------
// URL helpers
// ---------------------------------------------------------------------------------------------

/** An absolute http(s) URL with a host, written with an explicit scheme ('https://…'). */
export function isHttpUrl(value: string): boolean {
  const v = value.trim()
  if (!/^https?:\/\//i.test(v)) return false
  try {
    const url = new URL(v)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/**
 * A link the app may put in an href or a media src: a same-site path ('/lgpd') or an absolute
 * http(s) URL. Refuses protocol-relative '//host' (it leaves the site), backslashes (browsers read
 * '/\host' as '//host'), whitespace/control characters, and every other scheme (javascript:, data:…).
 */
export function isSafeLink(value: string): boolean {
  const v = value.trim()
  if (v === '' || /[\s\\]/.test(v) || hasControlCharacter(v)) return false
  if (v.startsWith('/')) return !v.startsWith('//')
  return isHttpUrl(v)
}

// ---------------------------------------------------------------------------------------------
// YouTube
// ---------------------------------------------------------------------------------------------

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
const YOUTU_BE_HOSTS = new Set(['youtu.be', 'www.youtu.be'])
/** Path prefixes that carry the video id as the next segment. */
const YOUTUBE_ID_PATHS = new Set(['embed', 'shorts', 'live', 'v'])
/** 11-character path words that are not video ids ('/embed/videoseries?list=…' is a playlist). */
const YOUTUBE_NOT_IDS = new Set(['videoseries'])

/**
 * Converts a YouTube link to its embed URL `https://www.youtube.com/embed/ID`.
 * Accepts watch (`/watch?v=ID&t=…`), short (`youtu.be/ID`, `/shorts/ID`), live (`/live/ID`) and
 * embed (`/embed/ID`) links on youtube.com, www., m., youtube-nocookie.com and youtu.be, with or
 * without the scheme. Anything else (other hosts, look-alike hosts, bad ids, playlists) gives null.
 */
export function toYouTubeEmbedUrl(url: string): string | null {
  const trimmed = url.trim()
  if (trimmed === '' || /\s/.test(trimmed)) return null
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed)
    ? trimmed
    : trimmed.startsWith('//')
      ? `https:${trimmed}`
      : `https://${trimmed}`
  let parsed: URL
  try {
    parsed = new URL(withScheme)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  if (parsed.username || parsed.password || parsed.port) return null

  const host = parsed.hostname.toLowerCase()
  const segments = parsed.pathname.split('/').filter((s) => s !== '')
  let id: string | null | undefined = null
  if (YOUTU_BE_HOSTS.has(host)) {
    if (segments.length === 1) id = segments[0]
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = segments
    if (segments.length === 1 && first === 'watch') id = parsed.searchParams.get('v')
    else if (segments.length === 2 && first !== undefined && YOUTUBE_ID_PATHS.has(first)) id = second
  }
  if (!id || !YOUTUBE_ID.test(id) || YOUTUBE_NOT_IDS.has(id)) return null
  return `https://www.youtube.com/embed/${id}`
}

// ---------------------------------------------------------------------------------------------
// Pasted embed HTML
// ---------------------------------------------------------------------------------------------

export type EmbedHtml = { kind: 'src'; src: string } | { kind: 'document'; html: string }

/** True when the text looks like pasted HTML rather than a URL (a URL never contains '<'). */
export function looksLikeHtml(value: string): boolean {
  return /<[a-z!/]/i.test(value)
}

const MEDIA_TAG = /<(iframe|video|source)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const NAMED_ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' }

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole
  })
}

function srcAttribute(attributes: string): string | null {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]?.toLowerCase() === 'src') return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')
  }
  return null
}

/** The normalised http(s) URL of a src attribute ('//host/x' taken as https), or null for any other scheme. */
function httpSrc(raw: string): string | null {
  const v = raw.trim()
  const candidate = v.startsWith('//') ? `https:${v}` : v
  return isHttpUrl(candidate) ? new URL(candidate).href : null
}

function wrapDocument(html: string): string {
  if (/<html[\s>]/i.test(html)) return html
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<style>html,body{margin:0;padding:0;width:100%;height:100%;overflow:hidden;background:#000}</style>' +
    `</head><body>${html}</body></html>`
  )
}

/**
 * Pasted embed HTML is reduced to its src or turned into an inline HTML document.
 * - The first `<iframe>`, `<video>` or `<source>` with an http(s) src → `{ kind: 'src', src }`
 *   (entities decoded, '//host' read as https, URL normalised).
 * - Media tags that all carry a src with another scheme (javascript:, data:, blob:…) → null: the
 *   embed is unusable or hostile, it is neither reduced nor rendered.
 * - Otherwise (e.g. a script-based partner player) → `{ kind: 'document', html }`, a complete HTML
 *   document for a sandboxed frame's srcdoc (see EMBED_DOCUMENT_SANDBOX).
 * - Empty input, or text that is not HTML → null.
 */
export function parseEmbedHtml(html: string): EmbedHtml | null {
  const trimmed = html.trim()
  if (trimmed === '' || !looksLikeHtml(trimmed)) return null
  let refused = false
  for (const tag of trimmed.matchAll(MEDIA_TAG)) {
    const raw = srcAttribute(tag[2] ?? '')
    if (raw === null || raw.trim() === '') continue
    const src = httpSrc(raw)
    if (src) return { kind: 'src', src }
    refused = true
  }
  if (refused) return null
  return { kind: 'document', html: wrapDocument(trimmed) }
}

// ---------------------------------------------------------------------------------------------
// Classification, readiness and effective controls
// ---------------------------------------------------------------------------------------------

/** A streaming (HLS) playlist URL: the path ends in .m3u8, ignoring query and hash, any case. */
export function isHlsUrl(url: string): boolean {
  const path = url.trim().split(/[?#]/, 1)[0] ?? ''
  return /\.m3u8$/i.test(path)
}

/** An HTML snippet that refers to an HLS playlist anywhere (a src, a script config…). */
function htmlReferencesHls(html: string): boolean {
  return /\.m3u8\b/i.test(decodeEntities(html))
}

export const VIDEO_KINDS = ['upload', 'youtube', 'partner-url', 'embed-html', 'hls', 'html-hls'] as const
/** How a video is rendered; decides the readiness delay and whether muted is forced. */
export type VideoKind = (typeof VIDEO_KINDS)[number]

/** The minimum a classification needs; a stored LandingVideo fits. */
export interface VideoLike {
  type: VideoType
  url: string
}

/**
 * - upload → 'upload' ('hls' if the file URL is an .m3u8 playlist)
 * - youtube → 'youtube'
 * - embed with pasted HTML → 'embed-html', or 'html-hls' when the HTML refers to an .m3u8
 * - embed with a URL → 'hls' for an .m3u8 URL, 'youtube' for a YouTube link, else 'partner-url'
 */
export function classifyVideo(video: VideoLike): VideoKind {
  const url = video.url.trim()
  switch (video.type) {
    case 'upload':
      return isHlsUrl(url) ? 'hls' : 'upload'
    case 'youtube':
      return 'youtube'
    default:
      if (looksLikeHtml(url)) return htmlReferencesHls(url) ? 'html-hls' : 'embed-html'
      if (isHlsUrl(url)) return 'hls'
      if (toYouTubeEmbedUrl(url) !== null) return 'youtube'
      return 'partner-url'
  }
}

/** Delay before a newly active video counts as ready. */
export const VIDEO_READINESS_DELAY_MS: Readonly<Record<VideoKind, number>> = Object.freeze({
  upload: 100,
  youtube: 100,
  'partner-url': 300,
  'embed-html': 600,
  hls: 800,
  'html-hls': 1000,
})

export function videoReadinessDelayMs(kind: VideoKind): number {
  return VIDEO_READINESS_DELAY_MS[kind] ?? VIDEO_READINESS_DELAY_MS.upload
}

/** True for the kinds that stream HLS; a streaming (.m3u8) URL always starts muted. */
export function isHlsKind(kind: VideoKind): boolean {
  return kind === 'hls' || kind === 'html-hls'
}

/**
 * The controls the player applies: the stored flags (only real booleans count) over the defaults,
 * with `muted: true` forced for HLS — also for HTML that plays an HLS stream.
 */
export function effectiveVideoControls(
  video: VideoLike & { video_controls?: Partial<Record<keyof VideoControls, unknown>> | null | undefined },
): VideoControls {
  const controls: VideoControls = { ...DEFAULT_VIDEO_CONTROLS }
  const stored = video.video_controls
  if (stored && typeof stored === 'object') {
    for (const key of CONTROL_KEYS) {
      const value = stored[key]
      if (typeof value === 'boolean') controls[key] = value
    }
  }
  if (isHlsKind(classifyVideo(video))) controls.muted = true
  return controls
}

/**
 * What to render for a video, or null when it cannot be played safely:
 * - `render: 'video'`: a <video> element (HLS through an HLS player), src is a path or http(s) URL
 * - `render: 'iframe'`: a cross-origin frame with `sandbox={EMBED_SANDBOX}`
 * - `render: 'srcdoc'`: an inline document with `sandbox={EMBED_DOCUMENT_SANDBOX}`
 */
export type VideoSource =
  | { render: 'video'; kind: VideoKind; src: string }
  | { render: 'iframe'; kind: VideoKind; src: string }
  | { render: 'srcdoc'; kind: 'embed-html' | 'html-hls'; html: string }

export function resolveVideoSource(video: VideoLike): VideoSource | null {
  const kind = classifyVideo(video)
  const url = video.url.trim()
  switch (kind) {
    case 'upload':
    case 'hls':
      return isSafeLink(url) ? { render: 'video', kind, src: url } : null
    case 'youtube': {
      const src = toYouTubeEmbedUrl(url)
      return src ? { render: 'iframe', kind, src } : null
    }
    case 'partner-url':
      return isHttpUrl(url) ? { render: 'iframe', kind, src: new URL(url).href } : null
    case 'embed-html':
    case 'html-hls': {
      const embed = parseEmbedHtml(url)
      if (!embed) return null
      if (embed.kind === 'document') return { render: 'srcdoc', kind, html: embed.html }
      if (isHlsUrl(embed.src)) return { render: 'video', kind, src: embed.src }
      return { render: 'iframe', kind, src: toYouTubeEmbedUrl(embed.src) ?? embed.src }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Embed frame attributes
// ---------------------------------------------------------------------------------------------

/**
 * `sandbox` for a frame whose src is a partner/YouTube URL (another origin). Each token:
 * - allow-scripts: every player is a JavaScript application.
 * - allow-same-origin: keeps the frame in the player's OWN origin (its cookies, storage, APIs);
 *   without it the frame is an opaque origin and most players fail. It grants nothing on our
 *   origin because the src is another site. Never use it for srcdoc (see EMBED_DOCUMENT_SANDBOX).
 * - allow-presentation: casting (Chromecast/AirPlay buttons use the Presentation API).
 * - allow-popups: "watch on YouTube"/partner links open in a new tab.
 * Deliberately absent: allow-top-navigation (the frame cannot navigate our page away),
 * allow-forms, allow-modals, allow-downloads. Fullscreen and autoplay come from EMBED_ALLOW.
 */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups'

/**
 * `sandbox` for pasted HTML rendered via srcdoc. A srcdoc document inherits OUR origin, so
 * allow-scripts + allow-same-origin together would let the snippet read our storage, call our API
 * as the visitor and even remove its own sandbox. Without allow-same-origin it runs in an opaque
 * origin: scripts still run, the page stays out of reach.
 */
export const EMBED_DOCUMENT_SANDBOX = 'allow-scripts allow-presentation allow-popups'

/** `allow` (permissions policy) for embed frames: what players legitimately need. */
export const EMBED_ALLOW = 'autoplay; encrypted-media; fullscreen; picture-in-picture'
