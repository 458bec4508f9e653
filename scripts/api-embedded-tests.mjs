/**
 * The API test files that run on the embedded database (PGlite) even where PostgreSQL runs the API
 * tests (scripts/test.mjs): those whose subject the engine could change — the extensions search
 * relies on, the demo catalogue `npm start` seeds, realtime and the shared limits in the embedded
 * default, a purchase becoming an account in one transaction, the health check's engine. Everything
 * else the embedded engine runs is proved by the journeys, which all run on it
 * (docs/decisions/027-api-tests-on-postgresql.md). Paths are from apps/api.
 */
export const EMBEDDED_DATABASE_TESTS = [
  'test/api/health.test.ts',
  'test/api/onboarding.test.ts',
  'test/api/rate-limits-instances.test.ts',
  'test/api/realtime.test.ts',
  'test/api/search-tags-index.test.ts',
  'test/api/search.test.ts',
  'test/api/seed.test.ts',
]
