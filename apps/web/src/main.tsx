import { getRootElement } from './app/root-element'
import { prepareApp } from './app/start-app'
import './styles.css'
import { followSystemTheme } from './lib/theme'

// Every page but `/` (which has its own entry, landing-main.tsx, ADR 014): the whole app, rendered
// in the browser.
prepareApp().mount(getRootElement())
// Day or night follows the system while the listener keeps "automático" (docs/design.md#night).
followSystemTheme()
