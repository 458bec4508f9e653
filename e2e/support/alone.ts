/**
 * The tag of journeys measured against real time (playback with the page's code stopped; an
 * admin's change reaching a listener's page within 2 s — beside the two-worker journeys it once took
 * 2.8 s): playwright.config.ts runs them after all the others, one at a time; `npm test` gives them a stage
 * of their own with only lowest-priority work beside them (scripts/test.mjs).
 */
export const ALONE = '@sozinha'

/**
 * The tag of journeys measured against rendering (layout shifts while fonts and chunks arrive):
 * they run first, one at a time, before any other journey starts, with nothing at all beside them.
 * Under load the landing's hero once re-wrapped when its font came late; that is mended in the page
 * (docs/design.md#type), and running first stays the cheapest guard.
 */
export const QUIET = '@quieta'

/**
 * The tag of the journey measured against real time while other sessions render on its server
 * (locked-screen-under-load.spec.ts): its own project, with the server and the browser each on
 * their own core (playwright.config.ts), and its own stage of `npm test`, last, with nothing beside.
 */
export const UNDER_LOAD = '@sob-carga'
