# maskcheck_broken_parser(NAME OUT_DIR SOURCES_VAR): generates impl's parser with the one edit in
# tests/planted/broken_parsers/NAME.edit, as OUT_DIR/broken_parser_NAME.{cpp,h} (class
# BrokenParser_NAME), and appends the .cpp to SOURCES_VAR. For the parser teeth tests and the
# planted fuzz target.
function(maskcheck_broken_parser name out_dir sources_var)
  set(edit ${PROJECT_SOURCE_DIR}/tests/planted/broken_parsers/${name}.edit)
  set(script ${PROJECT_SOURCE_DIR}/tests/planted/broken_parsers/apply_edit.sh)
  set(parser_cpp ${PROJECT_SOURCE_DIR}/impl/frame_parser.cpp)
  set(parser_h ${PROJECT_SOURCE_DIR}/impl/include/maskcheck/frame_parser.h)
  add_custom_command(
    OUTPUT ${out_dir}/broken_parser_${name}.cpp ${out_dir}/broken_parser_${name}.h
    COMMAND bash ${script} ${edit} ${parser_cpp} ${parser_h} ${out_dir} ${name}
    DEPENDS ${script} ${edit} ${parser_cpp} ${parser_h}
    COMMENT "Making broken parser ${name}")
  set(${sources_var} ${${sources_var}} ${out_dir}/broken_parser_${name}.cpp PARENT_SCOPE)
endfunction()
