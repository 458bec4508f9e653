import { getRootElement } from './app/root-element'
import { prepareApp } from './app/start-app'
import './styles.css'

// Every page but `/` (which has its own entry, landing-main.tsx, ADR 014): the whole app, rendered
// in the browser.
prepareApp().mount(getRootElement())
