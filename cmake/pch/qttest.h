// Precompiled for the Qt Test executables of the core (tests/CMakeLists.txt, drivelab_test):
// core.h and Qt Test (with Qt Core). Third-party headers only.
#pragma once
#include "core.h"

#include <QtTest>
