import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The API's import boundaries are lint rules (eslint.config.js, apiBoundaries): this lints small
 * texts as if they were files of apps/api/src, so a config change that silently stops a zone from
 * firing (an import no longer resolved, a glob that no longer matches) fails here.
 */

const root = join(import.meta.dirname, '../../../..')
const src = join(root, 'apps/api/src')
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' })

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(src, file) })
  return (result?.messages ?? []).map((message) => `${message.line}: ${message.message}`)
}

describe('API import boundaries', () => {
  it("refuses another domain's repository and accepts its service", async () => {
    const errors = await boundaryErrors(
      'modules/listening/boundary-fixture.ts',
      [
        "import { findAudiosByIds } from '../catalogue/repository.js'",
        "import { toAudioDto } from '../catalogue/service.js'",
        "import { subscriptionGivesAccess } from '../commerce/access-rule.js'",
        'export const used = [findAudiosByIds, toAudioDto, subscriptionGivesAccess]',
      ].join('\n'),
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^1: .*"\.\.\/catalogue\/repository\.js".*O domínio 'listening' usa outro domínio só pela face pública dele/)
  })

  it('keeps lib/ and plugins/ from knowing a domain', async () => {
    const errors = await boundaryErrors('lib/http/boundary-fixture.ts', "import { toAudioDto } from '../../modules/catalogue/service.js'\nexport const used = toAudioDto\n")
    expect(errors).toEqual([expect.stringMatching(/^1: .*lib\/ e plugins\/ são infraestrutura/)])
  })
})
