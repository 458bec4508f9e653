import { describe, expect, it } from 'vitest'
import { replaceRootContent, SERVER_RENDERED_ROOT } from '../../src/lib/http/html-injection.js'

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
