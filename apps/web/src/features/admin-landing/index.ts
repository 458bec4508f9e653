/** Public API of the admin landing-content editor. */
export { LandingEditor, type LandingEditorProps } from './components/landing-editor'
export { adminLandingKeys } from './api/landing'
