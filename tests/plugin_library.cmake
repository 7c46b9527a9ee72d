# maskcheck_test_plugin(VARIANT ABI_OFFSET): tests/plugin_kernels.cpp as a plug-in library, built
# as a user would build one (the plug-in header only), for the cli and fuzz tests.
function(maskcheck_test_plugin variant abi_offset)
  set(name maskcheck_test_plugin_${variant})
  if(TARGET ${name})
    return()
  endif()
  add_library(${name} MODULE ${PROJECT_SOURCE_DIR}/tests/plugin_kernels.cpp)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/harness/include
                                             ${PROJECT_SOURCE_DIR}/impl/include)
  target_compile_definitions(${name} PRIVATE PLUGIN_ABI_OFFSET=${abi_offset})
  target_link_libraries(${name} PRIVATE maskcheck_warnings)
endfunction()
