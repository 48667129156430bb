#pragma once
// A tiny check harness for the Qt-free tests (plain C++, no third-party library), so that a
// build without Qt (-DDRIVELAB_BUILD_UI=OFF on a machine without Qt) still tests the core and
// the command line. Each test is a function registered by DL_PLAIN_TEST; checks record a
// failure with file:line and keep going, DL_PLAIN_REQUIRE ends the test. The executable runs
// every test (or those named on the command line) and exits 1 when any check failed.
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace drivelab::plain {

/// one registered test
struct TestCase {
    const char* name; ///< function name
    void (*run)();    ///< body
};

/// every registered test, in registration order
inline std::vector<TestCase>& registry()
{
    static std::vector<TestCase> cases;
    return cases;
}

/// failed checks so far
inline int& failureCount()
{
    static int n = 0;
    return n;
}

/// registers a test at static initialization
struct Registrar {
    Registrar(const char* name, void (*run)()) { registry().push_back({name, run}); }
};

/// record a failed check
inline void fail(const char* file, int line, const std::string& what)
{
    ++failureCount();
    std::fprintf(stderr, "FAIL  %s:%d: %s\n", file, line, what.c_str());
}

/// run the tests named in argv (all when none is named); 0 when every check passed
inline int runTests(int argc, char** argv)
{
    int ran = 0;
    for (const TestCase& t : registry()) {
        bool wanted = argc < 2;
        for (int i = 1; i < argc; ++i) wanted = wanted || std::strcmp(argv[i], t.name) == 0;
        if (!wanted) continue;
        const int before = failureCount();
        t.run();
        std::printf("%s  %s\n", failureCount() == before ? "PASS" : "FAIL", t.name);
        ++ran;
    }
    std::printf("%d tests, %d failed checks\n", ran, failureCount());
    return failureCount() == 0 && ran > 0 ? 0 : 1;
}

/// text of a value for failure messages
template <class T> std::string show(const T& v)
{
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

} // namespace drivelab::plain

/// define and register a test
#define DL_PLAIN_TEST(name)                                                                                                                \
    static void name();                                                                                                                    \
    static const ::drivelab::plain::Registrar name##Registrar(#name, name);                                                                \
    static void name()

/// a check that keeps the test going when it fails; `what` adds context (streamed)
#define DL_PLAIN_CHECK(cond, what)                                                                                                         \
    do {                                                                                                                                   \
        if (!(cond)) {                                                                                                                     \
            std::ostringstream msg_;                                                                                                       \
            msg_ << #cond << " -- " << what;                                                                                               \
            ::drivelab::plain::fail(__FILE__, __LINE__, msg_.str());                                                                       \
        }                                                                                                                                  \
    } while (0)

/// a check that ends the test when it fails
#define DL_PLAIN_REQUIRE(cond, what)                                                                                                       \
    do {                                                                                                                                   \
        if (!(cond)) {                                                                                                                     \
            std::ostringstream msg_;                                                                                                       \
            msg_ << #cond << " -- " << what;                                                                                               \
            ::drivelab::plain::fail(__FILE__, __LINE__, msg_.str());                                                                       \
            return;                                                                                                                        \
        }                                                                                                                                  \
    } while (0)

/// two values equal (compared with ==), both shown when not
#define DL_PLAIN_EQUAL(actual, expected)                                                                                                   \
    DL_PLAIN_CHECK((actual) == (expected), ::drivelab::plain::show(actual) << " != " << ::drivelab::plain::show(expected))

/// |actual - expected| <= tol
#define DL_PLAIN_NEAR(actual, expected, tol)                                                                                               \
    DL_PLAIN_CHECK(std::fabs((actual) - (expected)) <= (tol), ::drivelab::plain::show(actual)                                              \
                                                                  << " vs " << ::drivelab::plain::show(expected) << " within "             \
                                                                  << ::drivelab::plain::show(tol))

/// main() of a plain test executable
#define DL_PLAIN_MAIN()                                                                                                                    \
    int main(int argc, char** argv) { return ::drivelab::plain::runTests(argc, argv); }
