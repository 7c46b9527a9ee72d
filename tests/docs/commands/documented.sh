# Sourced by the command tests. documented 'COMMAND' [OPTION...]: runs COMMAND exactly as a document
# shows it, in the current folder (the checkout, which the test has entered) and in this shell (so a
# line such as P=... holds for the next), with OPTIONs appended only to make it shorter; returns its
# status. docs_commands_covered looks for the call in the covering test's script with COMMAND
# verbatim in one quoted word, so a test mapped to a command it never runs fails there.
documented() {
  local command=$1
  shift
  echo "+ $command${*:+ $*}" >&2
  if [[ $# -gt 0 ]]; then
    eval "$command $(printf '%q ' "$@")"
  else
    eval "$command"
  fi
}
