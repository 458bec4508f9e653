/** Public API of the demo feature. */
export { DemoPage } from './components/demo-page'
export { demoKeys, demoQueryOptions, useDemo } from './api/demo-queries'
