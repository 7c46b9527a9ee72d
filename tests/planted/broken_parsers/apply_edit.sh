#!/usr/bin/env bash
# Makes a broken parser: impl's frame parser with one exact text edit, its class renamed so every
# broken parser links into one test binary. Fails if the edit's text is not in the parser exactly
# once, so a change to the parser cannot quietly turn a broken parser into a correct one.
# Usage: apply_edit.sh EDIT PARSER_CPP PARSER_H OUT_DIR NAME
set -euo pipefail
edit=$1 source=$2 header=$3 out=$4 name=$5

find=$(awk '/^--- find$/ {on = 1; next} /^--- replace$/ {on = 0} on' "$edit")
replace=$(awk '/^--- replace$/ {on = 1; next} on' "$edit")
[[ -n $find ]] || { echo "$edit: no '--- find' text" >&2; exit 1; }

text=$(<"$source")
rest=${text//"$find"/}
count=$(( (${#text} - ${#rest}) / ${#find} ))
if [[ $count -ne 1 ]]; then
  echo "$edit: the find text occurs $count times in $source, not once" >&2
  exit 1
fi

class=BrokenParser_${name//-/_}
mutated=${text/"$find"/"$replace"}
mutated=${mutated//FrameParser/$class}
mutated=${mutated//maskcheck\/frame_parser.h/broken_parser_$name.h}
mkdir -p "$out"
printf '%s\n' "$mutated" >"$out/broken_parser_$name.cpp"
declaration=$(<"$header")
printf '%s\n' "${declaration//FrameParser/$class}" >"$out/broken_parser_$name.h"
