/** Placeholder while the daily practice is built (docs/product/practice.md). */
export default function AdminProgramaRoute() {
  return null
}
