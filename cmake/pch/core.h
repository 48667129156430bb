// Part of the Qt Test executables' precompiled headers (qttest.h, uitest.h; cmake/BuildSpeed.cmake):
// the standard library and nlohmann/json. No project header: a change to one would rebuild every test.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>
