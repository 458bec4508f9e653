export const SHARE_NETWORKS = ['whatsapp', 'facebook', 'telegram'] as const
export type ShareNetwork = (typeof SHARE_NETWORKS)[number]

export interface ShareContent {
  /** Absolute URL being shared (the site's home page). */
  url: string
  /** pt-BR message that goes with the link. */
  text: string
  title: string
}

/** What a new lead shares: the site origin and a short invitation. */
export function buildShareContent(origin: string, productName: string): ShareContent {
  const url = `${origin.replace(/\/+$/, '')}/`
  return {
    url,
    title: `${productName} — áudios guiados de reprogramação mental`,
    text: `Acabei de me inscrever no ${productName}: áudios guiados de reprogramação mental, cerca de 20 minutos por dia. Conheça também:`,
  }
}

/** Each network's share page, with the message and the link URL-encoded. */
export function shareUrl(network: ShareNetwork, { url, text }: ShareContent): string {
  switch (network) {
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`
    case 'telegram':
      return `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`
  }
}
