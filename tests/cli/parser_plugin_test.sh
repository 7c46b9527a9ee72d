#!/usr/bin/env bash
# Parser plug-ins (maskcheck/parser_plugin.h) through every door: list, split, stream and repro
# with --parser-plugin, the stream_diff fuzz target and the parser properties with
# MASKCHECK_PARSER_PLUGINS. The test library (tests/plugins/plugin_parsers.cpp) holds a parser on the kernel
# it is given, one delivering whole messages, and that one with a bug, or with a policy it does not
# keep, which the checks must catch.
# Usage: parser_plugin_test.sh MASKCHECK PARSER_LIBRARY KERNEL_LIBRARY STREAM_DIFF SEEDS PROPERTIES
#                              FLAW_LIBRARY_FOLDER
set -u
maskcheck=$1 parsers=$2 kernels=$3 stream_diff=$4 seeds=$5 properties=$6 flaw_folder=$7
source "$(dirname "$0")/cli_checks.sh"
with=(--parser-plugin "$parsers")
quick=(--header 6 --header 8 --up-to 140 --quiet)

expect list 0 'whole messages, copied out; .* tells apart 2 of 13 error classes; takes no kernel' \
  -- "$maskcheck" list "${with[@]}"
expect split-on-kernel 0 '^fragments-on-kernel@block:split:h8:over-key +[0-9]+ +0 ' \
  -- "$maskcheck" split "${with[@]}" --parser fragments-on-kernel --kernel block "${quick[@]}"
expect split-messages 0 '^whole-messages@:split:h8:default +[0-9]+ +0 ' \
  -- "$maskcheck" split "${with[@]}" --parser whole-messages "${quick[@]}"
# The error streams include classes whole-messages does not tell apart: an error at that frame.
expect stream-messages 0 '^whole-messages@:stream:default +[0-9]+ +0 ' \
  -- "$maskcheck" stream "${with[@]}" --parser whole-messages --quiet
expect stream-on-kernel 0 '^fragments-on-kernel@block:stream:over-header +[0-9]+ +0 ' \
  -- "$maskcheck" stream "${with[@]}" --parser fragments-on-kernel --kernel block --quiet

# The broken one is caught, and its repro line (with the library) replays the failure.
expect split-short 1 '^FAIL whole-messages-short@:split:h6:' \
  -- "$maskcheck" split "${with[@]}" --parser whole-messages-short --max-failures 1 "${quick[@]}"
repro=$("$maskcheck" split "${with[@]}" --parser whole-messages-short --max-failures 1 \
  "${quick[@]}" | sed -n 's/^  repro: [^ ]*maskcheck //p' | head -1)
if [[ $repro == "repro whole-messages-short@:split:"*" --parser-plugin $parsers" ]]; then
  pass
else
  fail "repro-line: '$repro' does not name the library and the case"
fi
read -ra repro_words <<<"$repro"
expect repro-replays 1 '^FAIL whole-messages-short@:split:' -- "$maskcheck" "${repro_words[@]}"

# A declared policy is held against the parser: one claiming to validate UTF-8 but not doing so.
expect claims-utf8 1 '^FAIL claims-utf8@:stream:utf8-stray-continuation-byte:default' \
  -- "$maskcheck" stream "${with[@]}" --parser claims-utf8 --quiet
expect unknown-parser 2 "unknown parser 'nope'" -- "$maskcheck" split --parser nope
expect missing-library 2 'cannot load /nonexistent/libnope.so' \
  -- "$maskcheck" stream --parser-plugin /nonexistent/libnope.so
expect kernel-library 2 'defines no maskcheck_plugin_parsers' \
  -- "$maskcheck" split --parser-plugin "$kernels"
expect repro-unknown-parser 2 "unknown parser 'nope'" \
  -- "$maskcheck" repro 'nope@block:split:h6:n0:k00000000:default:c0,12'
expect repro-kernel-for-none 2 'takes no kernel' \
  -- "$maskcheck" repro "${with[@]}" 'whole-messages@block:split:h6:n0:k00000000:default:c0,12'
expect repro-unknown-variant 2 "'over-key' is not a variant of parser 'whole-messages'" \
  -- "$maskcheck" repro "${with[@]}" 'whole-messages@:split:h6:n0:k00000000:over-key:c0,12'

# A declaration maskcheck cannot take at its word is refused in one line (tests/plugins/plugin_parser_flaws.c).
flaw() { echo "$flaw_folder/libmaskcheck_test_parser_flaw_$1.so"; }
expect flaw-0 0 '^  flawless ' -- "$maskcheck" list --parser-plugin "$(flaw 0)"
expect flaw-1 2 "declares no variant" -- "$maskcheck" list --parser-plugin "$(flaw 1)"
expect flaw-2 2 "declares variant 'default' twice" -- "$maskcheck" list --parser-plugin "$(flaw 2)"
expect flaw-3 2 'may write more bytes after data' -- "$maskcheck" list --parser-plugin "$(flaw 3)"
expect flaw-4 2 'reads more than 4096 bytes' -- "$maskcheck" list --parser-plugin "$(flaw 4)"
expect flaw-5 2 'takes read_before >= 13' -- "$maskcheck" list --parser-plugin "$(flaw 5)"
expect flaw-6 2 "a parser name must be .* not 'bad:name'" \
  -- "$maskcheck" list --parser-plugin "$(flaw 6)"
expect flaw-7 2 'lacks create, consume or destroy' -- "$maskcheck" list --parser-plugin "$(flaw 7)"
expect flaw-8 2 'bits of no error class' -- "$maskcheck" list --parser-plugin "$(flaw 8)"
expect flaw-9 2 "parser 'same-name' is already registered" \
  -- "$maskcheck" list --parser-plugin "$(flaw 9)"
expect flaw-10 2 'was built for parser ABI 2, this maskcheck has 1' \
  -- "$maskcheck" list --parser-plugin "$(flaw 10)"
expect flaw-11 2 'policies has bits of no policy' -- "$maskcheck" list --parser-plugin "$(flaw 11)"

# The fuzz target replays its seeds on the plug-in parsers named, and names the one that fails.
expect fuzz-messages 0 'no failure' \
  -- env MASKCHECK_PARSER_PLUGINS="$parsers=whole-messages,fragments-on-kernel" "$stream_diff" \
  "$seeds"
out=$(MASKCHECK_PARSER_PLUGINS="$parsers=whole-messages-short" "$stream_diff" "$seeds" 2>&1)
code=$?
if [[ $code -ne 0 ]] && grep -q 'stream_diff: parser whole-messages-short on no kernel' <<<"$out"
then
  pass
else
  fail "fuzz-short: exit $code, the broken parser went unnoticed or unnamed: $(tail -5 <<<"$out")"
fi
expect fuzz-missing-library 2 'MASKCHECK_PARSER_PLUGINS: --parser-plugin: cannot load' \
  -- env MASKCHECK_PARSER_PLUGINS=/nonexistent/libnope.so "$stream_diff" "$seeds"

# The parser properties run on every plug-in parser too, and fail on the broken one.
rc=(env MASKCHECK_PARSER_PLUGINS="$parsers" RC_PARAMS="seed=1 max_success=200 max_size=100")
expect properties 0 'PASSED' -- "${rc[@]}" "$properties" \
  --gtest_filter='Parsers/*/whole_messages:Parsers/*/fragments_on_kernel'
expect properties-short 1 'FAILED' -- "${rc[@]}" "$properties" \
  --gtest_filter='Parsers/ParserProperty.AnyCutMatchesReference/whole_messages_short'
finish parser_plugin
