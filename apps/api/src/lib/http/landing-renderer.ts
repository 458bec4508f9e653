import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The landing's server render, built by `npm run build -w @sintonia/web` (apps/web/src/ssr): takes
 * the first-paint data `/` embeds (`{ landing, fields, plans }`) and returns the markup that goes
 * inside `<div id="root">` (ADR 013).
 */
export type RenderLanding = (data: unknown) => Promise<string>

/** Where the web build writes it: `dist-ssr/` next to the folder of the browser build. */
export function landingRendererFile(webRoot: string): string {
  return join(webRoot, '..', 'dist-ssr', 'render-landing.js')
}

export type LandingRendererLoad =
  | { render: RenderLanding }
  | { render: null; problem: 'missing' | 'unusable'; error?: unknown }

/** Imports the module once. Missing, failing to load or without `renderLanding`: no renderer. */
export async function loadLandingRenderer(file: string): Promise<LandingRendererLoad> {
  if (!existsSync(file)) return { render: null, problem: 'missing' }
  try {
    const module = (await import(pathToFileURL(file).href)) as { renderLanding?: unknown }
    if (typeof module.renderLanding !== 'function') return { render: null, problem: 'unusable' }
    return { render: module.renderLanding as RenderLanding }
  } catch (error) {
    return { render: null, problem: 'unusable', error }
  }
}
