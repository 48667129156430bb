// libFuzzer target: the portable-asset reader (tests/fuzz/harness.h).
#include <cstdio>
#include <cstdlib>

#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string broken = drivelab::fuzz::assetOne(data, size);
    if (!broken.empty()) {
        std::fprintf(stderr, "fuzz_asset: invariant broken: %s\n", broken.c_str());
        std::abort();
    }
    return 0;
}
