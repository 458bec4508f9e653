/**
 * The tag of journeys measured against real time or rendering (playback with the page's code
 * stopped, layout shifts while fonts arrive): playwright.config.ts runs them after all the others,
 * one at a time, with nothing beside them loading the machine.
 */
export const ALONE = '@sozinha'
