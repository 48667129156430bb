// Precompiled for the Qt Test executables of the editor (tests/CMakeLists.txt, drivelab_test):
// ui.h and Qt Test. Third-party headers only.
#pragma once
#include "ui.h"

#include <QtTest>
