#!/usr/bin/env bash
# Generates the playable sample audio of the Sintonia demo catalogue.
#
#   - one voice file per catalogue audio (espeak-ng pt-br over a soft sox pad),
#     read from scripts/sample-audio/texts.tsv (columns: file<TAB>text)
#   - two background-music tracks (music-*.mp3)
#   - apps/web/public/background.mp3 (local fallback background track)
#   - apps/api/src/seed/media/manifest.json
#
# Usage: npm run audio:generate   (or: bash scripts/generate-sample-audio.sh)
# Needs: espeak-ng, sox (+ libsox-fmt-all), ffmpeg/ffprobe.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEXTS="$ROOT/scripts/sample-audio/texts.tsv"
MEDIA="$ROOT/apps/api/src/seed/media"
WEB_PUBLIC="$ROOT/apps/web/public"
CATALOGUE="$ROOT/apps/api/src/seed/catalogue.ts"

RATE=22050          # espeak-ng's native rate; every part is (re)sampled to it
BITRATE=48k
VOICE="pt-br"
SPEED=135           # words per minute (slow, calm)
PITCH=42
LEAD_IN=0.8         # seconds of pad before the voice starts
TAIL=1.4            # seconds of pad after the voice ends
MIN_VOICE_SECONDS=6
MAX_VOICE_SECONDS=14
MAX_VOICE_BYTES=500000
MAX_TOTAL_BYTES=8000000

export LC_ALL=C.UTF-8

for tool in espeak-ng sox ffmpeg ffprobe; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: '$tool' not found. Install with: apt-get install -y espeak-ng sox libsox-fmt-all ffmpeg" >&2
    exit 1
  fi
done
[[ -f "$TEXTS" ]] || { echo "error: missing $TEXTS" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# sox -R: repeatable mode (fixed seeds, e.g. for dither/noise) so reruns are identical.
SOX=(sox -R -V1)

mkdir -p "$MEDIA" "$WEB_PUBLIC"
# This folder is owned by the script: start from a clean slate so renamed/removed
# entries do not linger in the manifest.
rm -f "$MEDIA"/*.mp3 "$MEDIA/manifest.json"

# encode_mp3 <in.wav> <out.mp3> [title]
encode_mp3() {
  local in="$1" out="$2" title="${3:-}"
  local meta=(-map_metadata -1)
  [[ -n "$title" ]] && meta+=(-metadata "title=$title")
  ffmpeg -nostdin -hide_banner -loglevel error -y -i "$in" \
    "${meta[@]}" -ac 1 -ar "$RATE" -c:a libmp3lame -b:a "$BITRATE" \
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

# Three soft chords that voice files cycle through (Hz).
CHORDS=(
  "130.81 196.00 261.63 329.63"   # C major (C3 G3 C4 E4)
  "110.00 164.81 220.00 277.18"   # A major (A2 E3 A3 C#4)
  "146.83 220.00 293.66 369.99"   # D major (D3 A3 D4 F#4)
)

declare -a GENERATED=()

# ---------------------------------------------------------------- voice files
index=0
while IFS=$'\t' read -r file text || [[ -n "${file:-}" ]]; do
  file="${file%$'\r'}"; text="${text%$'\r'}"
  [[ -z "$file" || "$file" == \#* || "$file" == "file" ]] && continue
  if [[ "$file" != *.mp3 || "$file" == */* || "$file" == music-* || -z "$text" ]]; then
    echo "error: bad line in texts.tsv: '$file'" >&2
    exit 1
  fi

  # 1) speech (espeak-ng writes WAV at 22.05 kHz); trim its trailing silence,
  #    add a little warmth/space, then place it between lead-in and tail.
  espeak-ng -v "$VOICE" -s "$SPEED" -p "$PITCH" -w "$TMP/speech-raw.wav" "$text"
  "${SOX[@]}" "$TMP/speech-raw.wav" -r "$RATE" -c 1 -b 16 "$TMP/speech.wav" \
    reverse silence 1 0.05 0.5% reverse \
    highpass 90 lowpass 6500 reverb 25 50 40 gain -n -3 \
    pad "$LEAD_IN" "$TAIL"
  dur="$(soxi -D "$TMP/speech.wav")"

  # 2) pad of the same length, chord chosen by position in texts.tsv
  read -r -a chord <<<"${CHORDS[$((index % ${#CHORDS[@]}))]}"
  make_pad "$TMP/pad.wav" "$dur" 0.8 1.2 0.15 "${chord[@]}"

  # 3) mix: pad ~22 dB below the voice
  "${SOX[@]}" -m -v 1 "$TMP/speech.wav" -v 0.08 "$TMP/pad.wav" "$TMP/mix.wav" \
    fade q 0.05 "$dur" 0.6 gain -n -1.5
  encode_mp3 "$TMP/mix.wav" "$MEDIA/$file"
  GENERATED+=("$MEDIA/$file")
  index=$((index + 1))
done <"$TEXTS"

if [[ "$index" -eq 0 ]]; then
  echo "error: no voice lines found in $TEXTS" >&2
  exit 1
fi

# ---------------------------------------------------------- background music
# music-brisa-suave: airy C major 7 with a breath of filtered noise
make_pad "$TMP/brisa-chord.wav" 30 4 4 0.08 65.41 130.81 164.81 196.00 246.94 329.63
"${SOX[@]}" -n -r "$RATE" -c 1 -b 16 "$TMP/brisa-air.wav" synth 30 pinknoise \
  lowpass 900 highpass 200 tremolo 0.05 60 fade q 4 30 4 gain -n -1
"${SOX[@]}" -m -v 0.5 "$TMP/brisa-chord.wav" -v 0.05 "$TMP/brisa-air.wav" "$TMP/brisa.wav" gain -n -4
encode_mp3 "$TMP/brisa.wav" "$MEDIA/music-brisa-suave.mp3" "Brisa Suave"
GENERATED+=("$MEDIA/music-brisa-suave.mp3")

# music-horizonte-sereno: warm D minor add9 drone
make_pad "$TMP/horizonte.wav" 30 5 5 0.06 73.42 146.83 174.61 220.00 329.63
"${SOX[@]}" "$TMP/horizonte.wav" "$TMP/horizonte-n.wav" gain -n -4
encode_mp3 "$TMP/horizonte-n.wav" "$MEDIA/music-horizonte-sereno.mp3" "Horizonte Sereno"
GENERATED+=("$MEDIA/music-horizonte-sereno.mp3")

# web fallback: G sus2 pad, 24 s
make_pad "$TMP/background.wav" 24 4 4 0.1 98.00 146.83 196.00 220.00 293.66
"${SOX[@]}" "$TMP/background.wav" "$TMP/background-n.wav" gain -n -5
encode_mp3 "$TMP/background-n.wav" "$WEB_PUBLIC/background.mp3" "Música de Fundo"
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
  if [[ "$name" != music-* && "$name" != background.mp3 ]]; then
    if awk -v d="$secs" -v lo="$MIN_VOICE_SECONDS" -v hi="$MAX_VOICE_SECONDS" 'BEGIN { exit !(d < lo || d > hi) }'; then
      echo "  ! $name lasts ${secs}s (expected ${MIN_VOICE_SECONDS}-${MAX_VOICE_SECONDS}s); shorten its text" >&2; status=1
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
    fi
  done < <(grep -oE "file: *'[^']+'" "$CATALOGUE" | sed -E "s/file: *'([^']+)'/\1/")
fi

exit "$status"
