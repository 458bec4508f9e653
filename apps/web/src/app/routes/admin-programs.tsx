/** Placeholder while the daily practice is built (docs/product/practice.md). */
export default function AdminProgramasRoute() {
  return null
}
