/** A light entry of the Diário for the app-wide effects (no React, no icons): the tab's check-in memory follows the sign-in. */
export { forgetCheckInMemory } from './lib/check-in-memory'
