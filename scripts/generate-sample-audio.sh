#!/usr/bin/env bash
# Generates the playable sample audio of the Sintonia demo catalogue.
#
#   - one guided practice per catalogue audio (2-4 min): espeak-ng pt-br reads
#     scripts/sample-audio/texts/<file>.txt line by line, with sox silence between
#     lines and wherever a line says [pausa N], over a soft sox pad
#   - two background-music tracks (music-*.mp3)
#   - apps/web/public/background.mp3 (local fallback background track)
#   - apps/api/src/seed/media/manifest.json
#   - then every seed file and background.mp3 in the canonical stored form (ADR 026:
#     MP3 48 kHz, -16 LUFS; the practices mono, the tracks stereo: ADR 034), by
#     apps/api/src/seed/make-canonical.ts
#   - short test clips from scripts/sample-audio/fixtures.tsv (e2e/fixtures/*.mp3):
#     uploads in tests and journeys use them instead of the long seeded practices
#
# Usage: npm run audio:generate   (or: bash scripts/generate-sample-audio.sh)
# Needs: espeak-ng, sox (+ libsox-fmt-all), ffmpeg/ffprobe.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEXTS_DIR="$ROOT/scripts/sample-audio/texts"
FIXTURES="$ROOT/scripts/sample-audio/fixtures.tsv"
MEDIA="$ROOT/apps/api/src/seed/media"
WEB_PUBLIC="$ROOT/apps/web/public"
CATALOGUE="$ROOT/apps/api/src/seed/catalogue.ts"

RATE=22050          # espeak-ng's native rate; every part is (re)sampled to it
BITRATE=48k         # the short test clips
MUSIC_BITRATE=96k   # the background tracks and the web fallback track, in stereo
VOICE_BITRATE=32k   # the long guided practices: plenty for one synthetic voice, and small
VOICE="pt-br"
SPEED=135           # words per minute (slow, calm)
PITCH=42
LINE_GAP=1.4        # seconds of silence after every spoken line
PARAGRAPH_GAP=1.6   # extra silence for a blank line in a script
LEAD_IN=2.5         # seconds of pad before a practice's voice starts
TAIL=4              # seconds of pad after it ends
MIN_VOICE_SECONDS=120
MAX_VOICE_SECONDS=240
CLIP_LEAD_IN=0.8    # the short test clips keep today's shape
CLIP_TAIL=1.4
MIN_CLIP_SECONDS=6
MAX_CLIP_SECONDS=14
MAX_VOICE_BYTES=1000000
MAX_TOTAL_BYTES=15000000   # every audio file this script writes, together

export LC_ALL=C.UTF-8

for tool in espeak-ng sox soxi ffmpeg ffprobe; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: '$tool' not found. Install with: apt-get install -y espeak-ng sox libsox-fmt-all ffmpeg" >&2
    exit 1
  fi
done
[[ -d "$TEXTS_DIR" ]] || { echo "error: missing $TEXTS_DIR" >&2; exit 1; }
[[ -f "$FIXTURES" ]] || { echo "error: missing $FIXTURES" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# sox -R: repeatable mode (fixed seeds, e.g. for dither/noise) so reruns are identical.
SOX=(sox -R -V1)

mkdir -p "$MEDIA" "$WEB_PUBLIC"
# This folder is owned by the script: start from a clean slate so renamed/removed
# entries do not linger in the manifest.
rm -f "$MEDIA"/*.mp3 "$MEDIA/manifest.json"

# encode_mp3 <in.wav> <out.mp3> [title] [bitrate] [channels]
encode_mp3() {
  local in="$1" out="$2" title="${3:-}" bitrate="${4:-$BITRATE}" channels="${5:-1}"
  local meta=(-map_metadata -1)
  [[ -n "$title" ]] && meta+=(-metadata "title=$title")
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$in" \
    "${meta[@]}" -ac "$channels" -ar "$RATE" -c:a libmp3lame -b:a "$bitrate" \
    -fflags +bitexact -flags:a +bitexact -id3v2_version 3 -write_xing 1 \
    "$out"
}

# make_pad <out.wav> <seconds> <fade_in> <fade_out> <tremolo_hz> <freq...>
# A quiet chord of sine tones (each slightly detuned against a twin for a slow,
# gentle beating), low-passed, with slow tremolo, reverb and fades, peak-normalised
# to -1 dBFS. Callers lower its level when mixing.
make_pad() {
  local out="$1" dur="$2" fin="$3" fout="$4" trem="$5"
  shift 5
  local synth=() n=0 f
  for f in "$@"; do
    synth+=(sine "$f" sine "$(awk -v f="$f" 'BEGIN { printf "%.3f", f * 1.003 }')")
    n=$((n + 2))
  done
  "${SOX[@]}" -n -r "$RATE" -c "$n" -b 16 "$TMP/pad-raw.wav" synth "$dur" "${synth[@]}"
  "${SOX[@]}" "$TMP/pad-raw.wav" -c 1 "$out" \
    remix - lowpass 1400 tremolo "$trem" 35 reverb 40 50 80 \
    fade q "$fin" "$dur" "$fout" gain -n -1
}

# make_stereo_pad <out.wav> <seconds> <fade_in> <fade_out> <tremolo_hz> <freq...>
# make_pad in stereo, for the background tracks (sessions keep a track's two sides, ADR 034):
# each tone on the left and its detuned twin on the right, a little of each on the other side,
# so the slow beating moves between the ears instead of pulsing in the middle.
make_stereo_pad() {
  local out="$1" dur="$2" fin="$3" fout="$4" trem="$5"
  shift 5
  local synth=() n=0 f left="" right=""
  for f in "$@"; do
    synth+=(sine "$f" sine "$(awk -v f="$f" 'BEGIN { printf "%.3f", f * 1.003 }')")
    left+="${left:+,}$((n + 1))v1,$((n + 2))v0.35"
    right+="${right:+,}$((n + 1))v0.35,$((n + 2))v1"
    n=$((n + 2))
  done
  "${SOX[@]}" -n -r "$RATE" -c "$n" -b 16 "$TMP/pad-raw.wav" synth "$dur" "${synth[@]}"
  "${SOX[@]}" "$TMP/pad-raw.wav" -c 2 "$out" \
    remix -m "$left" "$right" lowpass 1400 tremolo "$trem" 35 reverb 40 50 80 \
    fade q "$fin" "$dur" "$fout" gain -n -1
}

# Three soft chords that voice files cycle through (Hz).
CHORDS=(
  "130.81 196.00 261.63 329.63"   # C major (C3 G3 C4 E4)
  "110.00 164.81 220.00 277.18"   # A major (A2 E3 A3 C#4)
  "146.83 220.00 293.66 369.99"   # D major (D3 A3 D4 F#4)
)

# silence <out.wav> <seconds>
silence() {
  "${SOX[@]}" -n -r "$RATE" -c 1 -b 16 "$1" trim 0 "$2"
}

# speak <out.wav> <text>: one utterance, its own leading/trailing silence trimmed.
speak() {
  espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -w "$TMP/line-raw.wav" "$2"
  "${SOX[@]}" "$TMP/line-raw.wav" -r "$RATE" -c 1 -b 16 "$1" \
    silence 1 0.02 0.5% reverse silence 1 0.05 0.5% reverse
}

# voice_over_pad <speech.wav> <out.mp3> <chord index> <lead in> <tail> <pad fade in> <pad fade out> <bitrate>
# Warmth and space on the voice, placed between lead-in and tail, over a pad of the same
# length (chord chosen by position), the pad ~22 dB below the voice.
voice_over_pad() {
  local speech="$1" out="$2" chord_index="$3" lead="$4" tail="$5" fin="$6" fout="$7" bitrate="$8"
  "${SOX[@]}" "$speech" "$TMP/speech.wav" \
    highpass 90 lowpass 6500 reverb 25 50 40 gain -n -3 \
    pad "$lead" "$tail"
  local dur chord
  dur="$(soxi -D "$TMP/speech.wav")"
  read -r -a chord <<<"${CHORDS[$((chord_index % ${#CHORDS[@]}))]}"
  make_pad "$TMP/pad.wav" "$dur" "$fin" "$fout" 0.15 "${chord[@]}"
  "${SOX[@]}" -m -v 1 "$TMP/speech.wav" -v 0.08 "$TMP/pad.wav" "$TMP/mix.wav" \
    fade q 0.05 "$dur" 0.6 gain -n -1.5
  encode_mp3 "$TMP/mix.wav" "$out" "" "$bitrate"
}

declare -a GENERATED=()
declare -a CLIPS=()

# ------------------------------------------------------------- guided practices
# A script: one spoken line per line; a blank line is a longer breath; "[pausa N]"
# is N seconds of silence (the pad goes on under it); lines starting with # are notes.
index=0
while IFS= read -r script; do
  file="$(basename "$script" .txt).mp3"
  parts=()
  part=0
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%$'\r'}"
    line="$(sed -E 's/^[[:space:]]+|[[:space:]]+$//g' <<<"$line")"
    [[ "$line" == \#* ]] && continue
    part=$((part + 1))
    seg="$TMP/part-$(printf '%04d' "$part").wav"
    if [[ -z "$line" ]]; then
      silence "$seg" "$PARAGRAPH_GAP"
    elif [[ "$line" =~ ^\[pausa\ ([0-9]+(\.[0-9]+)?)\]$ ]]; then
      silence "$seg" "${BASH_REMATCH[1]}"
    elif [[ "$line" == *[\[\]]* ]]; then
      echo "error: ${script#"$ROOT"/}: bad marker in '$line' (write [pausa N])" >&2
      exit 1
    else
      speak "$TMP/line.wav" "$line"
      "${SOX[@]}" "$TMP/line.wav" "$seg" pad 0 "$LINE_GAP"
    fi
    parts+=("$seg")
  done <"$script"
  if [[ "${#parts[@]}" -eq 0 ]]; then
    echo "error: ${script#"$ROOT"/} is empty" >&2
    exit 1
  fi
  "${SOX[@]}" "${parts[@]}" "$TMP/speech-joined.wav"
  rm -f "${parts[@]}"
  voice_over_pad "$TMP/speech-joined.wav" "$MEDIA/$file" "$index" "$LEAD_IN" "$TAIL" 2 3.5 "$VOICE_BITRATE"
  GENERATED+=("$MEDIA/$file")
  index=$((index + 1))
done < <(find "$TEXTS_DIR" -maxdepth 1 -type f -name '*.txt' | sort)

if [[ "$index" -eq 0 ]]; then
  echo "error: no scripts found in $TEXTS_DIR" >&2
  exit 1
fi

# ------------------------------------------------------------ short test clips
# fixtures.tsv: <path from the repository root><TAB><text>; one sentence or three, 6-14 s.
clip=0
while IFS=$'\t' read -r path text || [[ -n "${path:-}" ]]; do
  path="${path%$'\r'}"; text="${text%$'\r'}"
  [[ -z "$path" || "$path" == \#* || "$path" == "path" ]] && continue
  if [[ "$path" != e2e/fixtures/*.mp3 || "$path" == *..* || -z "$text" ]]; then
    echo "error: bad line in fixtures.tsv: '$path'" >&2
    exit 1
  fi
  espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -w "$TMP/clip-raw.wav" "$text"
  "${SOX[@]}" "$TMP/clip-raw.wav" -r "$RATE" -c 1 -b 16 "$TMP/clip.wav" reverse silence 1 0.05 0.5% reverse
  mkdir -p "$(dirname "$ROOT/$path")"
  voice_over_pad "$TMP/clip.wav" "$ROOT/$path" "$clip" "$CLIP_LEAD_IN" "$CLIP_TAIL" 0.8 1.2 "$BITRATE"
  GENERATED+=("$ROOT/$path")
  CLIPS+=("$ROOT/$path")
  clip=$((clip + 1))
done <"$FIXTURES"

# ---------------------------------------------------------- background music
# In stereo (ADR 034), at MUSIC_BITRATE: the sessions keep a track's two sides.
# music-brisa-suave: airy C major 7 with a breath of filtered noise (its own on each side)
make_stereo_pad "$TMP/brisa-chord.wav" 30 4 4 0.08 65.41 130.81 164.81 196.00 246.94 329.63
"${SOX[@]}" -n -r "$RATE" -c 2 -b 16 "$TMP/brisa-air.wav" synth 30 pinknoise \
  lowpass 900 highpass 200 tremolo 0.05 60 fade q 4 30 4 gain -n -1
"${SOX[@]}" -m -v 0.5 "$TMP/brisa-chord.wav" -v 0.05 "$TMP/brisa-air.wav" "$TMP/brisa.wav" gain -n -4
encode_mp3 "$TMP/brisa.wav" "$MEDIA/music-brisa-suave.mp3" "Brisa Suave" "$MUSIC_BITRATE" 2
GENERATED+=("$MEDIA/music-brisa-suave.mp3")

# music-horizonte-sereno: warm D minor add9 drone
make_stereo_pad "$TMP/horizonte.wav" 30 5 5 0.06 73.42 146.83 174.61 220.00 329.63
"${SOX[@]}" "$TMP/horizonte.wav" "$TMP/horizonte-n.wav" gain -n -4
encode_mp3 "$TMP/horizonte-n.wav" "$MEDIA/music-horizonte-sereno.mp3" "Horizonte Sereno" "$MUSIC_BITRATE" 2
GENERATED+=("$MEDIA/music-horizonte-sereno.mp3")

# web fallback: G sus2 pad, 24 s
make_stereo_pad "$TMP/background.wav" 24 4 4 0.1 98.00 146.83 196.00 220.00 293.66
"${SOX[@]}" "$TMP/background.wav" "$TMP/background-n.wav" gain -n -5
encode_mp3 "$TMP/background-n.wav" "$WEB_PUBLIC/background.mp3" "Música de Fundo" "$MUSIC_BITRATE" 2
GENERATED+=("$WEB_PUBLIC/background.mp3")

# ------------------------------------------------------------------ manifest
duration_of() {
  ffprobe -v error -show_entries format=duration -of default=noprint_wrappers=1:nokey=1 "$1"
}

{
  echo "{"
  first=1
  while IFS= read -r path; do
    name="$(basename "$path")"
    secs="$(duration_of "$path")"
    rounded="$(awk -v d="$secs" 'BEGIN { printf "%d", d + 0.5 }')"
    bytes="$(stat -c %s "$path")"
    [[ "$first" -eq 1 ]] || echo ","
    first=0
    printf '  "%s": { "durationSeconds": %d, "bytes": %d, "mimeType": "audio/mpeg" }' \
      "$name" "$rounded" "$bytes"
  done < <(find "$MEDIA" -maxdepth 1 -type f -name '*.mp3' | sort)
  echo
  echo "}"
} >"$MEDIA/manifest.json.tmp"
mv "$MEDIA/manifest.json.tmp" "$MEDIA/manifest.json"

# ------------------------------------------------------------------ canonical form
# The server's own conversion (ADR 026): MP3 48 kHz at -16 LUFS (tracks stereo), the loudness written to the
# manifest, so the seed stores files the renderer reads as they are.
(cd "$ROOT" && npx tsx apps/api/src/seed/make-canonical.ts)

# ---------------------------------------------------------------- validation
status=0
total=0
printf '\n%-62s %8s %9s %9s\n' "file" "seconds" "bytes" "RMS"
printf '%-62s %8s %9s %9s\n' "----" "-------" "-----" "---"
for path in "${GENERATED[@]}"; do
  name="$(basename "$path")"
  secs="$(duration_of "$path")"
  bytes="$(stat -c %s "$path")"
  rms="$(sox "$path" -n stat 2>&1 | awk -F: '/RMS     amplitude/ { gsub(/ /, "", $2); print $2 }')"
  total=$((total + bytes))
  printf '%-62s %8.2f %9d %9s\n' "${path#"$ROOT"/}" "$secs" "$bytes" "$rms"
  if ! ffprobe -v error -select_streams a:0 -show_entries stream=codec_name -of csv=p=0 "$path" | grep -q mp3; then
    echo "  ! $name has no mp3 audio stream" >&2; status=1
  fi
  if awk -v r="$rms" 'BEGIN { exit !(r < 0.005) }'; then
    echo "  ! $name looks silent (RMS $rms)" >&2; status=1
  fi
  is_clip=0
  for c in "${CLIPS[@]}"; do [[ "$c" == "$path" ]] && is_clip=1; done
  if [[ "$is_clip" -eq 1 ]]; then
    if awk -v d="$secs" -v lo="$MIN_CLIP_SECONDS" -v hi="$MAX_CLIP_SECONDS" 'BEGIN { exit !(d < lo || d > hi) }'; then
      echo "  ! $name lasts ${secs}s (a test clip: expected ${MIN_CLIP_SECONDS}-${MAX_CLIP_SECONDS}s)" >&2; status=1
    fi
  elif [[ "$name" != music-* && "$name" != background.mp3 ]]; then
    if awk -v d="$secs" -v lo="$MIN_VOICE_SECONDS" -v hi="$MAX_VOICE_SECONDS" 'BEGIN { exit !(d < lo || d > hi) }'; then
      echo "  ! $name lasts ${secs}s (expected ${MIN_VOICE_SECONDS}-${MAX_VOICE_SECONDS}s); lengthen or shorten its script or pauses" >&2; status=1
    fi
    if [[ "$bytes" -ge "$MAX_VOICE_BYTES" ]]; then
      echo "  ! $name is $bytes bytes (limit $MAX_VOICE_BYTES)" >&2; status=1
    fi
  fi
done
manifest_bytes="$(stat -c %s "$MEDIA/manifest.json")"
total=$((total + manifest_bytes))
printf '%-62s %8s %9d\n' "${MEDIA#"$ROOT"/}/manifest.json" "-" "$manifest_bytes"
printf '%-62s %8s %9d  (%d files)\n' "TOTAL" "" "$total" "$((${#GENERATED[@]} + 1))"
if [[ "$total" -ge "$MAX_TOTAL_BYTES" ]]; then
  echo "  ! total size $total exceeds $MAX_TOTAL_BYTES bytes" >&2; status=1
fi

# Every file referenced by the catalogue must exist (when the catalogue is present).
if [[ -f "$CATALOGUE" ]]; then
  while IFS= read -r ref; do
    if [[ ! -f "$MEDIA/$ref" ]]; then
      echo "  ! catalogue.ts references missing media file '$ref'" >&2; status=1
    elif [[ "$ref" != music-* && ! -f "$TEXTS_DIR/${ref%.mp3}.txt" ]]; then
      echo "  ! catalogue.ts names '$ref', which has no script in ${TEXTS_DIR#"$ROOT"/}" >&2; status=1
    fi
  done < <(grep -oE "file: *'[^']+'" "$CATALOGUE" | sed -E "s/file: *'([^']+)'/\1/")
fi

exit "$status"
