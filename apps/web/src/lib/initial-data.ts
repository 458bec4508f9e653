import type { Field, LandingResponse, PublicPlan } from '@sintonia/contract'

/**
 * The server may embed first-paint data in index.html:
 *   <script id="__SINTONIA_DATA__" type="application/json">{"landing": …, "fields": […], "plans": […], "guaranteeDays": 7}</script>
 * It is read once; absence or invalid JSON simply means "no initial data".
 */
export const INITIAL_DATA_ELEMENT_ID = '__SINTONIA_DATA__'

export interface InitialData {
  landing?: LandingResponse
  fields?: Field[]
  plans?: PublicPlan[]
  /** The guarantee shown under the plans (the admin's setting). */
  guaranteeDays?: number
}

interface InitialDataSnapshot {
  data: InitialData
  /** When the page read the data; used as the queries' `initialDataUpdatedAt`. */
  readAt: number
}

let snapshot: InitialDataSnapshot | null = null

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function looksLikeLanding(value: unknown): value is LandingResponse {
  return isRecord(value) && typeof value.productName === 'string' && isRecord(value.content)
}

function looksLikeField(value: unknown): value is Field {
  return isRecord(value) && typeof value.id === 'string' && typeof value.title === 'string'
}

function looksLikePlan(value: unknown): value is PublicPlan {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.name === 'string' &&
    typeof value.priceCents === 'number' &&
    typeof value.intervalMonths === 'number'
  )
}

/** Parses the embedded JSON. Exported for tests; the app uses `getInitialData`. */
export function parseInitialData(raw: string | null | undefined): InitialData {
  if (!raw) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (!isRecord(parsed)) return {}
  const data: InitialData = {}
  if (looksLikeLanding(parsed.landing)) data.landing = parsed.landing
  if (Array.isArray(parsed.fields) && parsed.fields.every(looksLikeField)) data.fields = parsed.fields
  if (Array.isArray(parsed.plans) && parsed.plans.every(looksLikePlan)) data.plans = parsed.plans
  if (typeof parsed.guaranteeDays === 'number' && Number.isInteger(parsed.guaranteeDays) && parsed.guaranteeDays > 0) data.guaranteeDays = parsed.guaranteeDays
  return data
}

function readSnapshot(): InitialDataSnapshot {
  if (!snapshot) {
    const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ELEMENT_ID)
    snapshot = { data: parseInitialData(element?.textContent), readAt: Date.now() }
  }
  return snapshot
}

/** The embedded value for `key`, if the server provided a valid one. */
export function getInitialData<K extends keyof InitialData>(key: K): InitialData[K] {
  return readSnapshot().data[key]
}

/** When the embedded data was read (ms since epoch). */
export function getInitialDataReadAt(): number {
  return readSnapshot().readAt
}

/**
 * Runs `render` with `data` as the embedded data, then restores what was there. The server render
 * of the landing (src/ssr) uses it so the queries fill from the same data, through the same
 * `initialData` functions, as the browser's first render does. `render` must be synchronous.
 */
export function withInitialData<T>(data: InitialData, render: () => T): T {
  const previous = snapshot
  snapshot = { data, readAt: Date.now() }
  try {
    return render()
  } finally {
    snapshot = previous
  }
}

/** Forget the cached read (tests only). */
export function resetInitialDataForTests(): void {
  snapshot = null
}
