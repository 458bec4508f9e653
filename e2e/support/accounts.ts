import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, type Browser, type Page } from '@playwright/test'
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
 * Creates an admin with the real CLI (`admin-create`). The server of the run owns the embedded
 * database, so the CLI finds it through DATA_DIR/server.json and sends the command to it.
 * `dataDir` names another running server's folder (a prepared server's); `env` adds settings (a
 * DATABASE_URL shared by several servers, which the CLI then opens itself).
 */
export async function createAdmin(email: string, password: string, dataDir = e2eDataDir, name?: string, extraEnv: Record<string, string> = {}): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...extraEnv, DATA_DIR: dataDir, INIT_CWD: repoRoot }
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', email, '--password', password, ...(name ? ['--name', name] : [])],
    { cwd: repoRoot, env, timeout: 60_000 },
  )
  expect(stdout).toContain(email)
}

/** Fills and sends the form of the current /login tab. */
export async function submitLogin(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}

/**
 * An admin's own browser at 1280 px (pt-BR, São Paulo time), signed in through /admin/login and
 * on the admin home.
 */
export async function adminBrowserPage(browser: Browser, baseURL: string, admin: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
  const page = await context.newPage()
  await page.goto('/admin/login')
  await page.getByLabel('E-mail').fill(admin.email)
  await page.getByLabel('Senha', { exact: true }).fill(admin.password)
  await page.getByRole('button', { name: /Entrar no painel/ }).click()
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
