#!/usr/bin/env bash
# wire --html and scripts/servers' matrix, seen in a real browser (Debian's headless Chromium): a
# planted bug's page shows its failing section, the case, the bytes it sent and the requirement it
# breaks; a passing server's page shows its sections passed; the matrix of both renders each
# section's cells for each, and links to their pages.
# Usage: html_test.sh MASKCHECK BROKEN_ECHO_SERVER ECHO_SERVER POLICY MATRIX_SCRIPT
set -u
maskcheck=$1 broken=$2 echo_server=$3 policy=$4 matrix=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
browser=$(command -v chromium) || { echo "FAIL: no chromium (scripts/setup installs it)"; exit 1; }

# rendered PAGE: the page's DOM once the browser has loaded it.
rendered() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" \
    --dump-dom "file://$1" 2>/dev/null
}
# expect_in PAGE WHAT PATTERN: the rendered page matches PATTERN (an extended regex).
expect_in() {
  if rendered "$1" | grep -Eq -- "$3"; then
    echo "ok: $2"
  else
    echo "FAIL: $2: no /$3/ in $1 as the browser renders it"
    failed=1
  fi
}

for run in "broken|$broken close-answered-with-1000|1" "echo|$echo_server|0"; do
  IFS='|' read -r name command want <<<"$run"
  timeout 120 "$maskcheck" wire --server "$command" --policy "$policy" --section 7.4 \
    --html "$work/$name" --json >"$work/$name.json"
  code=$?
  [[ $code -eq $want ]] || { echo "FAIL: wire --html against $name exited $code, not $want"; failed=1; }
done

page=$work/broken/index.html
expect_in "$page" "the failing section is red" '<tr class="failed"><td>RFC 6455 7.4</td>'
expect_in "$page" "the failure names its case" '<h3>wire:stream:close-code-1003:server</h3>'
expect_in "$page" "the failure shows the bytes it sent" '\[24 bytes\] 818237fa213d589188825e02b8615de98182'
expect_in "$page" "the failure names the requirement it breaks" 'breaks RFC 6455 7.4, MUST: answer a close with a close'
expect_in "$work/echo/index.html" "a passing server's sections are green" '<tr class="passed"><td>RFC 6455 7.4</td>'

python3 "$matrix" "$work" "$work" broken echo
expect_in "$work/index.html" "the matrix links each implementation's page" '<a href="broken/index.html">broken</a>'
expect_in "$work/index.html" "the matrix shows the failing cell" '<td class="failed">[0-9]+ run, [1-9][0-9]* failed</td><td class="passed">'
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" \
  --window-size=1200,800 --screenshot="$work/matrix.png" "file://$work/index.html" >/dev/null 2>&1
if [[ $(stat -c %s "$work/matrix.png" 2>/dev/null || echo 0) -lt 10000 ]]; then
  echo "FAIL: the matrix did not render to a screenshot"
  failed=1
else
  echo "ok: the matrix renders ($(stat -c %s "$work/matrix.png") bytes of screenshot)"
fi
exit $failed
