# maskcheck_test_plugin(NAME SOURCE ABI_OFFSET): a C plug-in library from tests/plugins/, built as a user
# would build one (the C header maskcheck/plugin.h only, no C++ compiler), for the cli and fuzz
# tests. ABI_OFFSET nonzero builds it for another ABI, which maskcheck must refuse.
function(maskcheck_test_plugin name source abi_offset)
  set(target maskcheck_test_plugin_${name})
  if(TARGET ${target})
    return()
  endif()
  add_library(${target} MODULE ${PROJECT_SOURCE_DIR}/tests/plugins/${source})
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE C C_STANDARD 99 C_STANDARD_REQUIRED ON)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/harness/include)
  target_compile_definitions(${target} PRIVATE PLUGIN_ABI_OFFSET=${abi_offset})
  target_link_libraries(${target} PRIVATE maskcheck_warnings)
endfunction()
