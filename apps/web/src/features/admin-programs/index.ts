/** Public API of the admin's programmes: the list with its results, and the programme editor. */
export { ProgramsPage } from './components/programs-page'
export { ProgramEditorPage } from './components/program-editor'
export { adminProgramKeys } from './api/programs'
