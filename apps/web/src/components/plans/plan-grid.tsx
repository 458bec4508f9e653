import { Skeleton } from '../ui/skeleton'

/*
 * Layout pieces of a plan list, apart from plan-card.tsx so a page can paint the grid and its
 * skeleton before the (lazily loaded) cards arrive.
 */

/** 1, 2 or 3 columns by the number of plans (docs/product/commerce.md#plan-cards). */
export function planGridClass(count: number): string {
  if (count <= 1) return 'max-w-md'
  if (count === 2) return 'max-w-md sm:max-w-3xl sm:grid-cols-2'
  return 'max-w-md lg:max-w-6xl lg:grid-cols-3'
}

/** The loading placeholder of one card (the product's skeleton shows three). */
export function PlanSkeleton() {
  return (
    <li className="rounded-3xl border border-line bg-card p-5 sm:p-7">
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-8 h-10 w-2/3" />
      <Skeleton className="mt-3 h-4 w-1/2" />
      <div className="mt-8 space-y-3 border-t border-line pt-6">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-3/5" />
      </div>
      <Skeleton className="mt-8 h-13 w-full" />
    </li>
  )
}

export function planSkeletons(count: number) {
  return Array.from({ length: count }, (_, index) => <PlanSkeleton key={index} />)
}
