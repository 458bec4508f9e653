import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * The web's layers (bulletproof-react): entry points (main.tsx, landing-main.tsx, sw.ts, ssr/) and
 * app/ compose features; a feature uses components/, lib/ and the contract only; components/ and
 * lib/ know no feature and no app. A feature's public face is the files at its folder's root
 * (index.ts, and entries kept apart for chunk size such as auth/pages.ts or offline/app-shell.ts);
 * its api/, components/, hooks/, lib/… are its own.
 */
const web = path.join(import.meta.dirname, 'apps/web/src')
const webFeatures = readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const webFiles = (...parts) => path.join(web, ...parts)
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: webFiles('features', feature, '**'),
    from: [webFiles('features', '**')],
    except: [webFiles('features', feature, '**')],
    message: `A feature '${feature}' não importa outra feature: o que duas usam vai para components/ ou lib/, e a composição para app/.`,
  })),
  {
    target: webFiles('features', '**'),
    from: [webFiles('app', '**'), webFiles('ssr', '**'), webFiles('*.{ts,tsx}')],
    message: 'Uma feature não importa app/ nem os pontos de entrada: quem compõe é app/.',
  },
  {
    target: [webFiles('components', '**'), webFiles('lib', '**')],
    from: [webFiles('features', '**'), webFiles('app', '**'), webFiles('ssr', '**'), webFiles('*.{ts,tsx}')],
    message: 'components/ e lib/ não conhecem features nem app/: recebem o que precisam por props ou parâmetros.',
  },
  {
    target: [webFiles('app', '**'), webFiles('ssr', '**'), webFiles('*.{ts,tsx}')],
    from: [webFiles('features', '*', '*', '**')],
    message: 'app/ usa a face pública da feature (index.ts ou outro arquivo na raiz da pasta), nunca o que está dentro de api/, components/, hooks/, lib/…',
  },
]

/**
 * The API's layers: db/ at the bottom; lib/ (infrastructure helpers) and plugins/ (Fastify plugins
 * as infrastructure) above it and below every domain; modules/<domain>/ above those; app.ts,
 * server.ts, first-paint.ts, seed/ and cli/ compose. A domain is routes → service → repository,
 * and another domain reaches it only through its public face: its services (service.ts,
 * *-service.ts), pure rules (*-rule.ts) and Fastify wiring (plugin.ts, *-plugin.ts) at the
 * folder's root — never its repositories, routes or other inner files. The payment sandbox stands
 * for an outside provider: its face is that provider's API (provider.ts) and its test cards.
 */
const api = path.join(import.meta.dirname, 'apps/api/src')
const apiFiles = (...parts) => path.join(api, ...parts)
const apiDomains = readdirSync(apiFiles('modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const apiPublicFace = ['service', '*-service', '*-rule', 'plugin', '*-plugin']
const apiPublicFaceExtra = { 'payment-sandbox': ['provider', 'cards'] }
// One glob per domain (an exception must be a glob when `from` is one).
const apiFaceOf = (domain) => apiFiles('modules', domain, `{${[...apiPublicFace, ...(apiPublicFaceExtra[domain] ?? [])].join(',')}}.ts`)
// Globs all: a zone's `from` may not mix globs and plain paths.
const apiComposition = [apiFiles('{app,server,first-paint}.ts'), apiFiles('seed', '**'), apiFiles('cli', '**')]
const apiBoundaries = [
  ...apiDomains.map((domain) => ({
    target: apiFiles('modules', domain, '**'),
    from: [apiFiles('modules', '**')],
    except: [apiFiles('modules', domain, '**'), ...apiDomains.filter((other) => other !== domain).map(apiFaceOf)],
    message: `O domínio '${domain}' usa outro domínio só pela face pública dele (service.ts, *-service.ts, *-rule.ts, plugin.ts, *-plugin.ts na raiz da pasta): nunca o repository, as rotas ou outro arquivo interno.`,
  })),
  {
    target: [apiFiles('lib', '**'), apiFiles('plugins', '**')],
    from: [apiFiles('modules', '**'), ...apiComposition],
    message: 'lib/ e plugins/ são infraestrutura: não conhecem domínio (modules/) nem quem compõe o app; recebem o que precisam por parâmetros.',
  },
  {
    target: apiFiles('lib', '**'),
    from: [apiFiles('plugins', '**')],
    message: 'lib/ não importa plugins/: o plugin é que usa lib/.',
  },
  {
    target: apiFiles('db', '**'),
    from: [apiFiles('lib', '**'), apiFiles('plugins', '**'), apiFiles('modules', '**'), ...apiComposition],
    message: 'db/ é a base: não importa lib/, plugins/, domínios nem quem compõe o app.',
  },
  {
    target: apiFiles('modules', '**'),
    from: apiComposition,
    message: 'Um domínio não importa app.ts, server.ts, first-paint.ts, seed/ nem cli/: quem compõe é que usa o domínio.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the imported files too: TypeScript ones, parsed like the linted code.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      // The API imports its TypeScript files by their emitted name (./x.js); unresolved imports would pass unchecked.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: apiBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The browser bundle must never pull server code.
    files: ['apps/web/**/*.{ts,tsx}', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@sintonia/api', 'node:*'], message: 'Código do servidor não entra no bundle do navegador.' }] },
      ],
    },
  },
)
