/**
 * localStorage keys of changes waiting for the network. They hold one person's data, so the
 * queues that write them and the sign-out that must remove them share these names.
 */
export const PLAYLISTS_PENDING_KEY = 'playlists:pending'
export const LISTENING_PENDING_KEY = 'listening:pending'
