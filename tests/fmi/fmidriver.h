#pragma once
// One instance of an unpacked FMU driven through FMI 3.0 or FMI 2.0 (fmiimporter.h): the same
// calls for both versions, so every check of tests/fmi runs against both APIs.
#include <memory>

#include "fmiimporter.h"

namespace fmitest {

/// an instance driven through one FMI version; every call returns the FMI status (0 OK, 3 Error)
class Driver {
public:
    virtual ~Driver() = default;
    /// instantiate (loggingOn true); false when the FMU returned no instance
    virtual bool instantiate(const std::string& name, const std::string& token, const std::string& resources) = 0;
    virtual int enterInit(double startTime, bool stopDefined, double stopTime) = 0;
    virtual int exitInit() = 0;
    virtual int doStep(double t, double h) = 0;
    virtual int get(const std::vector<unsigned>& vr, std::vector<double>& out) = 0;
    virtual int set(const std::vector<unsigned>& vr, const std::vector<double>& v) = 0;
    virtual int getState(void** s) = 0;
    virtual int setState(void* s) = 0;
    virtual int freeState(void** s) = 0;
    virtual int serialize(void* s, std::vector<unsigned char>& bytes) = 0;
    virtual int deserialize(const std::vector<unsigned char>& bytes, void** s) = 0;
    virtual int terminate() = 0;
    virtual int reset() = 0;
    /// the FMU's instance pointer (null when none)
    virtual void* instance() const = 0;
    Log log; ///< what the instance logged
};

/// the FMI 3.0 functions of a library
class Fmi3Driver : public Driver {
public:
    explicit Fmi3Driver(void* lib)
        : m_inst(FMITEST_SYM(lib, fmi3InstantiateCoSimulation)), m_free(FMITEST_SYM(lib, fmi3FreeInstance)),
          m_enter(FMITEST_SYM(lib, fmi3EnterInitializationMode)), m_exit(FMITEST_SYM(lib, fmi3ExitInitializationMode)),
          m_step(FMITEST_SYM(lib, fmi3DoStep)), m_get(FMITEST_SYM(lib, fmi3GetFloat64)), m_set(FMITEST_SYM(lib, fmi3SetFloat64)),
          m_getState(FMITEST_SYM(lib, fmi3GetFMUState)), m_setState(FMITEST_SYM(lib, fmi3SetFMUState)),
          m_freeState(FMITEST_SYM(lib, fmi3FreeFMUState)), m_size(FMITEST_SYM(lib, fmi3SerializedFMUStateSize)),
          m_ser(FMITEST_SYM(lib, fmi3SerializeFMUState)), m_deser(FMITEST_SYM(lib, fmi3DeserializeFMUState)),
          m_term(FMITEST_SYM(lib, fmi3Terminate)), m_reset(FMITEST_SYM(lib, fmi3Reset))
    {
    }
    ~Fmi3Driver() override
    {
        if (m_i) m_free(m_i);
    }
    /// every function was found
    bool complete() const
    {
        return m_inst && m_free && m_enter && m_exit && m_step && m_get && m_set && m_getState && m_setState && m_freeState && m_size &&
               m_ser && m_deser && m_term && m_reset;
    }
    bool instantiate(const std::string& name, const std::string& token, const std::string& resources) override
    {
        m_i = m_inst(name.c_str(), token.c_str(), resources.c_str(), false, true, false, false, nullptr, 0, &log, logFmi3, nullptr);
        return m_i != nullptr;
    }
    int enterInit(double t0, bool stopDefined, double stop) override { return m_enter(m_i, false, 0.0, t0, stopDefined, stop); }
    int exitInit() override { return m_exit(m_i); }
    int doStep(double t, double h) override
    {
        bool event = true, terminate = true, early = true;
        double last = -1.0;
        return m_step(m_i, t, h, true, &event, &terminate, &early, &last);
    }
    int get(const std::vector<unsigned>& vr, std::vector<double>& out) override
    {
        out.assign(vr.size(), 0.0);
        return m_get(m_i, vr.data(), vr.size(), out.data(), out.size());
    }
    int set(const std::vector<unsigned>& vr, const std::vector<double>& v) override { return m_set(m_i, vr.data(), vr.size(), v.data(), v.size()); }
    int getState(void** s) override { return m_getState(m_i, s); }
    int setState(void* s) override { return m_setState(m_i, s); }
    int freeState(void** s) override { return m_freeState(m_i, s); }
    int serialize(void* s, std::vector<unsigned char>& bytes) override
    {
        size_t n = 0;
        const int r = m_size(m_i, s, &n);
        if (r != fmi3OK) return r;
        bytes.assign(n, 0);
        return m_ser(m_i, s, bytes.data(), n);
    }
    int deserialize(const std::vector<unsigned char>& bytes, void** s) override { return m_deser(m_i, bytes.data(), bytes.size(), s); }
    int terminate() override { return m_term(m_i); }
    int reset() override { return m_reset(m_i); }
    void* instance() const override { return m_i; }

private:
    decltype(&fmi3InstantiateCoSimulation) m_inst;
    decltype(&fmi3FreeInstance) m_free;
    decltype(&fmi3EnterInitializationMode) m_enter;
    decltype(&fmi3ExitInitializationMode) m_exit;
    decltype(&fmi3DoStep) m_step;
    decltype(&fmi3GetFloat64) m_get;
    decltype(&fmi3SetFloat64) m_set;
    decltype(&fmi3GetFMUState) m_getState;
    decltype(&fmi3SetFMUState) m_setState;
    decltype(&fmi3FreeFMUState) m_freeState;
    decltype(&fmi3SerializedFMUStateSize) m_size;
    decltype(&fmi3SerializeFMUState) m_ser;
    decltype(&fmi3DeserializeFMUState) m_deser;
    decltype(&fmi3Terminate) m_term;
    decltype(&fmi3Reset) m_reset;
    fmi3Instance m_i = nullptr;
};

/// the FMI 2.0 functions of a library
class Fmi2Driver : public Driver {
public:
    explicit Fmi2Driver(void* lib)
        : m_inst(FMITEST_SYM(lib, fmi2Instantiate)), m_free(FMITEST_SYM(lib, fmi2FreeInstance)),
          m_setup(FMITEST_SYM(lib, fmi2SetupExperiment)), m_enter(FMITEST_SYM(lib, fmi2EnterInitializationMode)),
          m_exit(FMITEST_SYM(lib, fmi2ExitInitializationMode)), m_step(FMITEST_SYM(lib, fmi2DoStep)), m_get(FMITEST_SYM(lib, fmi2GetReal)),
          m_set(FMITEST_SYM(lib, fmi2SetReal)), m_getState(FMITEST_SYM(lib, fmi2GetFMUstate)), m_setState(FMITEST_SYM(lib, fmi2SetFMUstate)),
          m_freeState(FMITEST_SYM(lib, fmi2FreeFMUstate)), m_size(FMITEST_SYM(lib, fmi2SerializedFMUstateSize)),
          m_ser(FMITEST_SYM(lib, fmi2SerializeFMUstate)), m_deser(FMITEST_SYM(lib, fmi2DeSerializeFMUstate)),
          m_term(FMITEST_SYM(lib, fmi2Terminate)), m_reset(FMITEST_SYM(lib, fmi2Reset))
    {
        m_callbacks = {logFmi2, nullptr, nullptr, nullptr, &log};
    }
    ~Fmi2Driver() override
    {
        if (m_i) m_free(m_i);
    }
    bool complete() const
    {
        return m_inst && m_free && m_setup && m_enter && m_exit && m_step && m_get && m_set && m_getState && m_setState && m_freeState &&
               m_size && m_ser && m_deser && m_term && m_reset;
    }
    bool instantiate(const std::string& name, const std::string& token, const std::string& resources) override
    {
        const std::string uri = "file://" + resources;
        m_i = m_inst(name.c_str(), fmi2CoSimulation, token.c_str(), uri.c_str(), &m_callbacks, fmi2False, fmi2True);
        return m_i != nullptr;
    }
    int enterInit(double t0, bool stopDefined, double stop) override
    {
        const int r = m_setup(m_i, fmi2False, 0.0, t0, stopDefined ? fmi2True : fmi2False, stop);
        return r != fmi2OK ? r : m_enter(m_i);
    }
    int exitInit() override { return m_exit(m_i); }
    int doStep(double t, double h) override { return m_step(m_i, t, h, fmi2True); }
    int get(const std::vector<unsigned>& vr, std::vector<double>& out) override
    {
        out.assign(vr.size(), 0.0);
        return m_get(m_i, vr.data(), vr.size(), out.data());
    }
    int set(const std::vector<unsigned>& vr, const std::vector<double>& v) override { return m_set(m_i, vr.data(), vr.size(), v.data()); }
    int getState(void** s) override { return m_getState(m_i, s); }
    int setState(void* s) override { return m_setState(m_i, s); }
    int freeState(void** s) override { return m_freeState(m_i, s); }
    int serialize(void* s, std::vector<unsigned char>& bytes) override
    {
        size_t n = 0;
        const int r = m_size(m_i, s, &n);
        if (r != fmi2OK) return r;
        bytes.assign(n, 0);
        return m_ser(m_i, s, reinterpret_cast<fmi2Byte*>(bytes.data()), n);
    }
    int deserialize(const std::vector<unsigned char>& bytes, void** s) override
    {
        return m_deser(m_i, reinterpret_cast<const fmi2Byte*>(bytes.data()), bytes.size(), s);
    }
    int terminate() override { return m_term(m_i); }
    int reset() override { return m_reset(m_i); }
    void* instance() const override { return m_i; }

private:
    decltype(&fmi2Instantiate) m_inst;
    decltype(&fmi2FreeInstance) m_free;
    decltype(&fmi2SetupExperiment) m_setup;
    decltype(&fmi2EnterInitializationMode) m_enter;
    decltype(&fmi2ExitInitializationMode) m_exit;
    decltype(&fmi2DoStep) m_step;
    decltype(&fmi2GetReal) m_get;
    decltype(&fmi2SetReal) m_set;
    decltype(&fmi2GetFMUstate) m_getState;
    decltype(&fmi2SetFMUstate) m_setState;
    decltype(&fmi2FreeFMUstate) m_freeState;
    decltype(&fmi2SerializedFMUstateSize) m_size;
    decltype(&fmi2SerializeFMUstate) m_ser;
    decltype(&fmi2DeSerializeFMUstate) m_deser;
    decltype(&fmi2Terminate) m_term;
    decltype(&fmi2Reset) m_reset;
    fmi2CallbackFunctions m_callbacks{};
    fmi2Component m_i = nullptr;
};

/// a driver for `fmi` over the library `lib`
inline std::unique_ptr<Driver> makeDriver(void* lib, int fmi)
{
    if (fmi == 3) return std::make_unique<Fmi3Driver>(lib);
    return std::make_unique<Fmi2Driver>(lib);
}

} // namespace fmitest
