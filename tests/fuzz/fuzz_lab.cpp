// libFuzzer target: the lab reader and the compiler (tests/fuzz/harness.h).
#include <cstdio>
#include <cstdlib>

#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string broken = drivelab::fuzz::labOne(data, size);
    if (!broken.empty()) {
        std::fprintf(stderr, "fuzz_lab: invariant broken: %s\n", broken.c_str());
        std::abort();
    }
    return 0;
}
