import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core'

const require = createRequire(import.meta.url)
/**
 * axe-core's browser build, evaluated in the page under test through the DevTools protocol: a
 * <script> tag would be refused by the app's Content-Security-Policy (script-src 'self'), and
 * the pages must be checked with their real headers.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export interface AxeViolation {
  id: string
  impact: ImpactValue | null
  help: string
  helpUrl: string
  nodes: Array<{ target: string; html: string; summary: string }>
}

const BLOCKING: ReadonlyArray<ImpactValue> = ['serious', 'critical']

/**
 * Runs axe-core on the current page, in day and, for the rules that read colours, in night
 * (docs/design.md#night: every page must pass in both), and returns the violations whose impact
 * is 'serious' or 'critical' (WCAG 2.x A/AA rules plus axe's best practices), trimmed to what a
 * failure message needs; one found only at night says so in its help. Call it once the page has settled (content loaded, no skeletons).
 */
export async function seriousAxeViolations(page: Page, options: RunOptions = {}): Promise<AxeViolation[]> {
  const shown = await page.evaluate(() => document.documentElement.dataset.theme ?? 'day')
  const found: AxeViolation[] = []
  // The theme switches without colour transitions while axe reads: parts the browser skips
  // (content-visibility: auto, far below) compute their style only when axe asks, and would start a
  // transition from the other theme's colours right then. A constructed sheet, which the page's
  // Content-Security-Policy does not govern, and removed afterwards.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }')
    ;(window as unknown as { __axeNoTransitions?: CSSStyleSheet }).__axeNoTransitions = sheet
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  })
  try {
    for (const theme of THEMES) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value
      }, theme)
      // Night changes colours only (apps/web/src/styles.css): the rules that read colours are all
      // it can break, and the structural ones already ran in the day theme.
      const themeOptions: RunOptions = theme === 'night' ? { ...options, runOnly: { type: 'rule', values: [...COLOUR_RULES] } } : options
      for (const violation of await violationsNow(page, themeOptions)) found.push(theme === 'night' ? { ...violation, help: `${violation.help} (noite)` } : violation)
    }
  } finally {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value
      const sheet = (window as unknown as { __axeNoTransitions?: CSSStyleSheet }).__axeNoTransitions
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet)
    }, shown)
  }
  return found
}

async function violationsNow(page: Page, options: RunOptions): Promise<AxeViolation[]> {
  // Colours mid-transition (a fade-in, a refresh dimming a table) are not the page at rest: wait
  // for them to end. Endless ones (a spinner, a live dot) never finish and are left out. Parts the
  // browser is not drawing (a landing section far below, under content-visibility: auto) start
  // their colour transitions on a change of theme but only run them once drawn.
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    // Those the browser is not drawing would wait forever and leave the old colour in place for
    // axe to read (a theme switched on a quiet machine reads day colours at night): jump them to their end.
    for (const animation of finite) {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null
      if (target && !target.checkVisibility({ contentVisibilityAuto: true })) animation.finish()
    }
    return Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  const injected = await page.evaluate(() => 'axe' in window)
  if (!injected) await page.evaluate(AXE_SOURCE)

  const violations = await page.evaluate(async (runOptions) => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    const results = await axe.run(document, { resultTypes: ['violations'], ...runOptions })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 200),
        summary: node.failureSummary ?? '',
      })),
    }))
  }, options as object)

  return violations.filter((violation) => violation.impact !== null && BLOCKING.includes(violation.impact))
}

/** A readable report of violations for an assertion message. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    ${node.target}\n      ${node.html}\n      ${node.summary.replaceAll('\n', '\n      ')}`).join('\n'),
    )
    .join('\n')
}

/** The widths every accessibility check covers: a small phone and a desktop. */
export const A11Y_VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const

/** The axe rules whose outcome depends on colours: those a page is checked against at night. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const

/** The two themes every page is checked in (docs/design.md#night). */
export const THEMES = ['day', 'night'] as const
