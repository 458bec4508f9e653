/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * JSON that is safe inside <script type="application/json">: a '</script>' or '<!--' in admin
 * content cannot close the element, and the line separators that break JS parsers are escaped.
 */
export function serializeForScript(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

export interface PageMeta {
  title: string
  description: string
  url: string
  siteName: string
}

export interface PageInjection {
  meta: PageMeta
  /** Embedded as <script id="__SINTONIA_DATA__" type="application/json">. */
  data: unknown
}

export const INITIAL_DATA_ELEMENT_ID = '__SINTONIA_DATA__'

const ROOT_OPENING = /<div\s+id="root"\s*>/
const DIV_TAG = /<(\/?)div\b[^>]*>/gi

/** Marks a #root that holds server-rendered markup; the web entry (main.tsx) reads it. */
export const SERVER_RENDERED_ROOT = '<div id="root" data-server-rendered="">'

/**
 * Replaces what is inside `<div id="root">` (the boot screen of the built index.html) by `markup`,
 * and marks the element (SERVER_RENDERED_ROOT). The closing tag is found by counting nested divs.
 * Returns null when the template has no such element, so the caller can keep the page as it is.
 */
export function replaceRootContent(template: string, markup: string): string | null {
  const opening = ROOT_OPENING.exec(template)
  if (!opening) return null
  DIV_TAG.lastIndex = opening.index + opening[0].length
  let depth = 1
  for (let tag = DIV_TAG.exec(template); tag; tag = DIV_TAG.exec(template)) {
    depth += tag[1] ? -1 : 1
    if (depth === 0) return template.slice(0, opening.index) + SERVER_RENDERED_ROOT + markup + template.slice(tag.index)
  }
  return null
}

/** Puts the page's title, description, Open Graph tags and first-paint data into the built index.html. */
export function injectIntoHtml(template: string, { meta, data }: PageInjection): string {
  const title = escapeHtml(meta.title)
  const description = escapeHtml(meta.description)
  const head = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(meta.siteName)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">${serializeForScript(data)}</script>`,
  ].join('\n    ')
  // Replacer functions, not strings: admin text such as `$&`, `$'` or `$1` must be inserted as
  // written, not read as a replacement pattern.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/?>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${head}\n  </head>`)
}
