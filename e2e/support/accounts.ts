import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, type Browser, type Page } from '@playwright/test'
import { INTERNAL_ADMIN_CREATE_PATH } from '../../apps/api/src/modules/accounts/internal-routes.js'
import { baseURL as runBaseURL } from '../playwright.config'
import { sendToServerDoor } from './internal-door'
import { e2eDataDirFromRoot } from './run-paths'

const run = promisify(execFile)

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** Same DATA_DIR as the web server of playwright.config.ts (relative to the repository root). */
export const e2eDataDir = join(repoRoot, e2eDataDirFromRoot)

/** A fresh address per run, so journeys never collide with leftovers. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@exemplo.com`
}

/**
 * Creates an admin as `npm run admin:create` does with a running server: through the server's
 * signed loopback door (e2e/support/internal-door.ts), without starting a process for the CLI
 * (the CLI itself is tested end to end in apps/api/test/api/admin-cli.test.ts). `dataDir` names
 * another running server's folder (a prepared server's). With `extraEnv.DATABASE_URL` (several
 * servers on one PostgreSQL) the real CLI writes that database itself.
 */
export async function createAdmin(email: string, password: string, dataDir = e2eDataDir, name?: string, extraEnv: Record<string, string> = {}): Promise<void> {
  if (extraEnv.DATABASE_URL) {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...extraEnv, DATA_DIR: dataDir, INIT_CWD: repoRoot }
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', email, '--password', password, ...(name ? ['--name', name] : [])],
      { cwd: repoRoot, env, timeout: 60_000 },
    )
    expect(stdout).toContain(email)
    return
  }
  const answer = await sendToServerDoor<{ message?: string }>({ dataDir, authSecret: extraEnv.AUTH_SECRET }, INTERNAL_ADMIN_CREATE_PATH, {
    email,
    password,
    ...(name ? { name } : {}),
  })
  expect(answer.message).toContain(email)
}

/**
 * Signs `page`'s browser context in on the server at `baseURL` the way the sign-in form does (the
 * same request, whose answer sets the session cookie), for journeys about something other than
 * signing in. `portal: 'admin'` is the admin sign-in page's request.
 */
export async function signInByRequest(page: Page, baseURL: string, account: { email: string; password: string }, portal: 'user' | 'admin' = 'user'): Promise<void> {
  const origin = new URL(baseURL).origin
  const response = await page.request.post(`${origin}/api/account/sign-in`, {
    data: { email: account.email, password: account.password, portal },
    headers: { origin },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/**
 * Signs `page` in as `admin` the way the admin sign-in page does (by its request; the page itself
 * is the subject of auth.spec.ts) and opens the admin home of the server at `baseURL` (this
 * worker's own server unless said).
 */
export async function signInAsAdmin(page: Page, admin: { email: string; password: string }, baseURL: string = runBaseURL): Promise<void> {
  await signInByRequest(page, baseURL, admin, 'admin')
  await page.goto(`${new URL(baseURL).origin}/admin`)
  await expect(page).toHaveURL(/\/admin$/)
}

/** Fills and sends the form of the current /login tab. */
export async function submitLogin(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/**
 * An admin's own browser at 1280 px (pt-BR, São Paulo time), signed in as the admin sign-in page
 * does (by its request: the page itself is the subject of auth.spec.ts) and on the admin home.
 */
export async function adminBrowserPage(browser: Browser, baseURL: string, admin: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const page = await context.newPage()
  await signInByRequest(page, baseURL, admin, 'admin')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin$/)
  return page
}

/** Creates a listener through the Cadastro tab of /login. */
export async function signUpViaUi(page: Page, { name, email, password }: { name?: string; email: string; password: string }): Promise<void> {
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Cadastro' }).click()
  if (name) await page.getByLabel(/Nome/).fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Criar conta' }).click()
}

/** The header's (desktop) session button, or the bottom bar's on small screens. */
export function sessionButton(page: Page, name: 'Entrar' | 'Sair') {
  return name === 'Sair'
    ? page.getByRole('banner').getByRole('button', { name: 'Sair' })
    : page.getByRole('banner').getByRole('link', { name: 'Entrar' })
}
