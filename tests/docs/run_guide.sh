#!/usr/bin/env bash
# Runs a guide as its reader would: every ```sh block in order, in one shell that stops at the first
# failing command, and every ```LANG file=NAME block written to NAME where the shell then is. It
# starts in the maskcheck checkout, with HOME a fresh temporary folder, so `cmake --install ...
# --prefix "$HOME/.local"` and `cd ~/...` stay inside the test. A guide that stops working fails.
# Usage: run_guide.sh GUIDE.md CHECKOUT
set -euo pipefail
guide=$1 checkout=$2
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT

script=$home/guide.sh
awk '
  /^```/ && !open {
    open = 1; info = substr($0, 4); mode = "skip"
    if (info == "sh") mode = "run"
    if (match(info, /file=[^ ]+/)) {
      mode = "file"
      printf "cat > %s <<'"'"'MASKCHECK_GUIDE_FILE'"'"'\n", substr(info, RSTART + 5, RLENGTH - 5)
    }
    next
  }
  /^```$/ && open { if (mode == "file") print "MASKCHECK_GUIDE_FILE"; open = 0; next }
  open && mode != "skip" { print }
' "$guide" >"$script"
[[ -s $script ]] || { echo "FAIL: $guide has no sh block"; exit 1; }
cd "$checkout"
HOME=$home bash -euo pipefail -x "$script"
echo "guide ran: $guide"
