import { describe, expect, it } from 'vitest'
import { escapeHtml, injectIntoHtml, replaceRootContent, SERVER_RENDERED_ROOT } from '../../src/lib/http/html-injection.js'

const PAGE = `<body>
  <div id="root">
    <div class="boot" role="status"><div class="boot__ring"></div><p>Carregando...</p></div>
  </div>
  <div id="portal"></div>
  <script type="module" src="/assets/index-AbCdEf12.js"></script>
</body>`

describe('replaceRootContent', () => {
  it('replaces the whole boot screen, nested divs included, and marks the root', () => {
    const html = replaceRootContent(PAGE, '<main>$& $1 olá</main>')
    expect(html).toBe(`<body>
  ${SERVER_RENDERED_ROOT}<main>$& $1 olá</main></div>
  <div id="portal"></div>
  <script type="module" src="/assets/index-AbCdEf12.js"></script>
</body>`)
  })

  it('fills an empty root', () => {
    expect(replaceRootContent('<div id="root"></div><p>x</p>', '<b>a</b>')).toBe(`${SERVER_RENDERED_ROOT}<b>a</b></div><p>x</p>`)
  })

  it('gives up when there is no root or it never closes', () => {
    expect(replaceRootContent('<div id="app"></div>', 'x')).toBeNull()
    expect(replaceRootContent('<div id="root"><div></div>', 'x')).toBeNull()
  })
})

describe('injectIntoHtml', () => {
  const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta name="description" content="padrão" />
    <title>Sintonia</title>
  </head>
  <body><div id="root"></div></body>
</html>`
  const inject = (text: string) =>
    injectIntoHtml(TEMPLATE, { meta: { title: text, description: text, url: 'https://x.invalid/', siteName: text }, data: { hero: { title: text } } })

  // Each of String.prototype.replace's patterns: the whole match, before it, after it, a literal $, a group, a named group.
  it.each(['$&', '$`', "$'", '$$', '$1', '$<nome>', "R$ 49,90 $' $` $& $$ $1"])('inserts %j literally in the title, description, tags and data', (text) => {
    const html = inject(text)
    const escaped = escapeHtml(text)
    expect(html).toContain(`<title>${escaped}</title>`)
    expect(html).toContain(`<meta name="description" content="${escaped}" />`)
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`)
    const data = /<script id="__SINTONIA_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(data!)).toEqual({ hero: { title: text } })
    // The template around the insertions is intact: one of each, in place.
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html.match(/<!doctype html>/g)).toHaveLength(1)
    expect(html.endsWith('<body><div id="root"></div></body>\n</html>')).toBe(true)
  })
})
