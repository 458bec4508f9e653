// hls.js ships types for its full build only; the light build has the same API (minus subtitles,
// alternate audio and DRM, which the hero video does not use).
declare module 'hls.js/light' {
  import Hls from 'hls.js'
  export default Hls
}
