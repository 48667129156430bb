#include "fmustate.h"

#include <cstring>

#include "util/hash.h"

namespace drivelab::fmi {

namespace {

// every member of the Ledger is a double or a pair of doubles: a member added later must be
// added to ledgerDoubles too (this fails to compile until it is)
constexpr std::size_t kLedgerDoubles = 28;
static_assert(sizeof(Ledger) == kLedgerDoubles * sizeof(double), "fmustate.cpp: serialize the Ledger's new member");

constexpr char kMagic[8] = {'D', 'L', 'F', 'M', 'U', 'S', 'T', '1'};

class Writer {
public:
    std::vector<unsigned char> bytes;
    void raw(const void* p, std::size_t n)
    {
        const auto* c = static_cast<const unsigned char*>(p);
        bytes.insert(bytes.end(), c, c + n);
    }
    template <class T> void pod(T v) { raw(&v, sizeof v); }
    template <class T> void vec(const std::vector<T>& v)
    {
        pod<std::uint64_t>(v.size());
        if (!v.empty()) raw(v.data(), v.size() * sizeof(T));
    }
};

class Reader {
public:
    Reader(const unsigned char* p, std::size_t n) : m_p(p), m_n(n) {}
    bool raw(void* out, std::size_t n)
    {
        if (n > m_n - m_at) return false;
        std::memcpy(out, m_p + m_at, n);
        m_at += n;
        return true;
    }
    template <class T> bool pod(T& v) { return raw(&v, sizeof v); }
    // a vector of exactly `expected` elements
    template <class T> bool vec(std::vector<T>& v, std::size_t expected)
    {
        std::uint64_t n = 0;
        if (!pod(n) || n != expected) return false;
        v.resize(expected);
        return expected == 0 || raw(v.data(), expected * sizeof(T));
    }
    bool done() const { return m_at == m_n; }

private:
    const unsigned char* m_p;
    std::size_t m_n;
    std::size_t m_at = 0;
};

// the Ledger's members in declaration order
template <class L, class F> void eachLedgerDouble(L& l, F f)
{
    f(l.kineticInitial);
    f(l.storedInitial);
    for (auto* c : {&l.sourceWork, &l.heatToNodes, &l.heatToLedger, &l.numerical, &l.heatToAmbient, &l.heatFromSources, &l.volumeSupplied,
                    &l.volumeStored, &l.volumeAbsorbed, &l.heatToOil, &l.oilEnthalpyIn, &l.oilAbsorbed}) {
        f(c->sum);
        f(c->comp);
    }
    f(l.sourceWorkGross);
    f(l.volumeSuppliedGross);
}

void ledgerDoubles(const Ledger& l, double* out)
{
    std::size_t i = 0;
    eachLedgerDouble(l, [&](const double& d) { out[i++] = d; });
}

void ledgerFromDoubles(const double* in, Ledger& l)
{
    std::size_t i = 0;
    eachLedgerDouble(l, [&](double& d) { d = in[i++]; });
}

} // namespace

std::vector<unsigned char> serializeState(std::uint64_t fingerprint, const State& s, const std::vector<double>& values)
{
    Writer w;
    w.raw(kMagic, sizeof kMagic);
    w.pod(fingerprint);
    w.pod(hashState(s));
    w.pod(s.tick);
    w.vec(s.x);
    w.vec(s.pos);
    w.vec(s.rate);
    w.vec(s.temp);
    w.vec(s.real);
    w.vec(s.flag);
    w.vec(s.mean);
    w.vec(s.theta);
    w.vec(s.stagePoly);
    w.vec(s.stageNewton);
    w.pod(s.nextEvent);
    double ledger[kLedgerDoubles];
    ledgerDoubles(s.ledger, ledger);
    w.raw(ledger, sizeof ledger);
    w.vec(values);
    return std::move(w.bytes);
}

bool deserializeState(const unsigned char* bytes, std::size_t size, std::uint64_t fingerprint, const State& shape, std::size_t nValues,
                      State& s, std::vector<double>& values, std::string& why)
{
    Reader r(bytes, size);
    char magic[8];
    std::uint64_t fp = 0, hash = 0;
    if (!bytes || !r.raw(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof magic) != 0) {
        why = "not a serialized DriveLab FMU state";
        return false;
    }
    if (!r.pod(fp) || fp != fingerprint) {
        why = "the state belongs to another model (fingerprint " + toHex16(fp) + ", this instance's is " + toHex16(fingerprint) + ")";
        return false;
    }
    double ledger[kLedgerDoubles];
    const bool read = r.pod(hash) && r.pod(s.tick) && r.vec(s.x, shape.x.size()) && r.vec(s.pos, shape.pos.size()) &&
                      r.vec(s.rate, shape.rate.size()) && r.vec(s.temp, shape.temp.size()) && r.vec(s.real, shape.real.size()) &&
                      r.vec(s.flag, shape.flag.size()) && r.vec(s.mean, shape.mean.size()) && r.vec(s.theta, shape.theta.size()) &&
                      r.vec(s.stagePoly, shape.stagePoly.size()) && r.vec(s.stageNewton, shape.stageNewton.size()) &&
                      r.pod(s.nextEvent) && r.raw(ledger, sizeof ledger) && r.vec(values, nValues) && r.done();
    if (!read) {
        why = "the serialized state is cut short or its sizes do not fit the model";
        return false;
    }
    ledgerFromDoubles(ledger, s.ledger);
    if (hashState(s) != hash) {
        why = "the serialized state's hash " + toHex16(hash) + " does not match its contents (" + toHex16(hashState(s)) + "): it was altered";
        return false;
    }
    return true;
}

} // namespace drivelab::fmi
