import { createContext, useContext } from 'react'
import { DEFAULT_PRODUCT_NAME } from '@sintonia/contract'

const ProductNameContext = createContext<string>(DEFAULT_PRODUCT_NAME)

/**
 * Hands the product name (an admin setting, never hard-coded) to every page. The app shell
 * provides it from the landing payload (app/layout/app-chrome.tsx), the one place that reads it.
 */
export const ProductNameProvider = ProductNameContext.Provider

/** The product name for any page; the default name while the setting loads, when it fails, or outside the shell. */
export function useProductName(): string {
  return useContext(ProductNameContext)
}
