import { isValidLandingContent, LANDING_SECTION, resolveLandingContent, resolveVideosContent, type LandingResponse, type VideosContent } from '@sintonia/contract'
import type { Database } from '../../db/client.js'
import { getProductName } from './settings-service.js'
import { readSections } from './landing-repository.js'

/**
 * The public landing payload. A stored row with an invalid shape falls back to the default
 * content (product rule: content validity), so a bad admin save can never blank the landing page.
 */
export async function getLanding(db: Database): Promise<LandingResponse> {
  const [rows, productName] = await Promise.all([
    readSections(db, [LANDING_SECTION.landingPage, LANDING_SECTION.videos]),
    getProductName(db),
  ])
  const page = rows.find((r) => r.section === LANDING_SECTION.landingPage)
  const videos = rows.find((r) => r.section === LANDING_SECTION.videos)
  return {
    productName,
    content: resolveLandingContent(page?.content),
    videos: resolveVideosContent(videos?.content),
    // Contract: null when the default content is served, also when a stored row was rejected.
    updatedAt: page && isValidLandingContent(page.content) ? page.updatedAt.toISOString() : null,
  }
}

/** The videos the landing shows: the stored section as the site reads it (the default when invalid). */
export async function getLandingVideos(db: Database): Promise<VideosContent> {
  const [row] = await readSections(db, [LANDING_SECTION.videos])
  return resolveVideosContent(row?.content)
}
