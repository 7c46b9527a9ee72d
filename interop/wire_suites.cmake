# What the servers and clients suites (interop/servers/, interop/clients/) both use to declare their
# peers and read their expectations.

# maskcheck_join_command(OUT COMMAND word... [ENVIRONMENT var=value...]): one line for bash,
# "env VAR=value... word...".
function(maskcheck_join_command out)
  cmake_parse_arguments(PARSE_ARGV 1 joined "" "" "COMMAND;ENVIRONMENT")
  list(JOIN joined_COMMAND " " command)
  if(joined_ENVIRONMENT)
    list(JOIN joined_ENVIRONMENT " " environment)
    set(command "env ${environment} ${command}")
  endif()
  set(${out} "${command}" PARENT_SCOPE)
endfunction()

# maskcheck_read_expectation(LINE): "NAME pass" or "NAME CASE_ID PATTERN_VARIABLE" into the
# caller's `name`, `expected` (pass or the case id) and `pattern` (- for pass, else the variable's
# value: what the finding's report says).
macro(maskcheck_read_expectation line)
  string(REPLACE " " ";" fields "${line}")
  list(GET fields 0 name)
  list(GET fields 1 expected)
  set(pattern -)
  if(NOT expected STREQUAL "pass")
    list(GET fields 2 pattern)
    set(pattern "${${pattern}}")
  endif()
endmacro()
