/** Public API of the continue-listening feature ("Continuar ouvindo"). Route modules import from here only. */
export { ContinueListening, ContinueListeningView } from './components/continue-listening'
export { recentListeningKey } from './api/recent'
