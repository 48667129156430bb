#pragma once
// Asset fixtures whose replay a deliberate change of results makes differ (docs/ASSETS.md,
// "Compatibility rules": the fixture is never edited; the expectation changes here, once,
// for every test that replays fixtures: tst_assetfixtures, tst_assetcli, tst_buildtypes,
// tst_assetui).
#include <cstdint>
#include <string>
#include <string_view>

namespace drivelab::test {

/// a fixture that no longer replays, where and why
struct FixtureChange {
    std::string_view file;   ///< path under tests/fixtures/assets (`v1/fired-converter.dlasset.json`)
    std::int64_t boundary;   ///< index of the first differing boundary
    std::string_view field;  ///< field path of the first difference
    std::string_view change; ///< the change in docs/PHYSICS.md, "Changes to results"
};

inline constexpr FixtureChange kFixtureChanges[] = {
    {"v1/fired-converter.dlasset.json", 0, "expected.boundaries[0].components.cyl2.pressure",
     "change 4: the cylinder's series sines, cosines and adiabatic factors move its initial charge by an ulp (and change 3 "
     "from boundary 56 on: the lockup re-applied at 0.55 s slips at its capacity instead of locking at once; change 9: "
     "its Newton trial points take the cylinders' outputs by their tangents)"},
    {"v2/fired-converter.dlasset.json", 0, "expected.boundaries[0].components.cyl2.pressure",
     "change 4: the cylinder's series sines, cosines and adiabatic factors move its initial charge by an ulp; its analytic "
     "torque derivative moves the Newton iterates (final speeds by ~3e-12 relative); change 9: its Newton trial points take "
     "the cylinders' outputs by their tangents"},
    {"v1/hydraulic-lockup.dlasset.json", 51, "expected.boundaries[51].nodes.engine.speed",
     "change 5: the lockup's capacity kink at its return-spring threshold ends an interval (engine speed at 2.55 s by 4e-10 "
     "relative)"},
    {"v2/hydraulic-lockup.dlasset.json", 51, "expected.boundaries[51].nodes.engine.speed",
     "change 5: the lockup's capacity kink at its return-spring threshold ends an interval (engine speed at 2.55 s by 4e-10 "
     "relative)"},
};

/// the change that makes this fixture differ, or null when it must replay bit for bit;
/// `path` may be a full path: it is matched on its last two components
inline const FixtureChange* fixtureChange(std::string_view path)
{
    for (const FixtureChange& c : kFixtureChanges) {
        if (path.size() >= c.file.size() && path.substr(path.size() - c.file.size()) == c.file) return &c;
    }
    return nullptr;
}

} // namespace drivelab::test
