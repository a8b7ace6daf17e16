# fleet_embed_files(target NAMESPACE ns FILES name=path ...)
#
# Compiles data files into the binary so that the catalog, price books and the
# sample project ship inside the executables: no install path to get wrong.
# Generates <ns with :: as _>_embedded.cpp defining
#   std::span<const fleet::EmbeddedFile> <ns>::embeddedFiles();
# and rebuilds it whenever one of the files changes.
function(fleet_embed_files target)
    cmake_parse_arguments(ARG "" "NAMESPACE" "FILES" ${ARGN})
    string(REPLACE "::" "_" stem "${ARG_NAMESPACE}")
    set(out "${CMAKE_CURRENT_BINARY_DIR}/${stem}_embedded.cpp")
    set(pairs "")
    set(deps "")
    foreach(entry IN LISTS ARG_FILES)
        string(FIND "${entry}" "=" eq)
        string(SUBSTRING "${entry}" 0 ${eq} name)
        math(EXPR pathStart "${eq} + 1")
        string(SUBSTRING "${entry}" ${pathStart} -1 path)
        get_filename_component(path "${path}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
        list(APPEND pairs "${name}=${path}")
        list(APPEND deps "${path}")
    endforeach()
    string(REPLACE ";" "|" pairsArg "${pairs}")
    add_custom_command(
        OUTPUT "${out}"
        COMMAND ${CMAKE_COMMAND} "-DOUT=${out}" "-DNAMESPACE=${ARG_NAMESPACE}"
                "-DPAIRS=${pairsArg}" -P "${FLEET_EMBED_SCRIPT}"
        DEPENDS ${deps} "${FLEET_EMBED_SCRIPT}"
        COMMENT "Embedding ${ARG_NAMESPACE} data files"
        VERBATIM)
    target_sources(${target} PRIVATE "${out}")
    # Each file names its arrays data0, data1, …: compiled alone in a unity build.
    set_source_files_properties("${out}" PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
endfunction()

set(FLEET_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/embed_script.cmake")
