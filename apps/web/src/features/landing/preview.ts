/**
 * The admin's live preview of the landing content. A separate entry from index.ts on purpose:
 * the preview renders every section, and importing it through index.ts pulled the sections below
 * the hero back into the JS that `/` loads before it paints (docs/performance.md).
 */
export { LandingContentPreview } from './components/landing-content-preview'
