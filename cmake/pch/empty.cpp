// the host of a shared precompiled header (cmake/BuildSpeed.cmake, drivelab_pch_host): no code
