# cusim_add_executable(<name> <sources>...)
# Builds a program written against <cusim/cusim.hpp> for the simulator. CUDA sources (.cu) are
# compiled as C++: the same files build for the GPU with nvcc.
function(cusim_add_executable name)
  foreach(src IN LISTS ARGN)
    if(src MATCHES "\\.cu$")
      set_source_files_properties(${src} PROPERTIES LANGUAGE CXX)
    endif()
  endforeach()
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE cusim::cusim)
endfunction()
