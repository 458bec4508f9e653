import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names (clsx) and resolves Tailwind conflicts so the last one wins (tailwind-merge). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}

/**
 * Builds tailwind-merge's class map now (~10 ms of main thread, once per page) instead of inside the
 * first render that calls `cn`. The landing calls it in a task of its own before hydrating, so that
 * work never lengthens the slices React hydrates in (docs/performance.md).
 */
export function prepareClassMerging(): void {
  twMerge('')
}
