#pragma once
// A derived plot channel: a named expression of the run's observables and signals, evaluated
// per sample with muParser (Debian libmuparser-dev), e.g. a tracking error
// `driver.value - car.speed` or a speed in km/h `wheels.speed*0.3*3.6`. Names in the expression:
//   id.name   an observable (the store's SI value: rad/s, N·m, Pa, K — not the display unit)
//   id        a signal's value (id.value also works)
// with '-' in an id written '_' (the expression's minus). muParser's functions (sin, abs, min,
// max, sqrt, ...), operators (+ - * / ^, comparisons, ?:) and constants (_pi, _e) are all
// there. The channel's unit is the label the user gives it (shown as it is).
#include <QString>

#include <cstddef>
#include <memory>
#include <vector>

namespace drivelab {

class SampleStore;
/// one observable of the model's layout (solver/session.h)
struct ObservableRef;

/// what the user defines (the plots keep these while the lab's plots live)
struct DerivedDefinition {
    QString name;       ///< legend and key ("wheel_kmh")
    QString expression; ///< the muParser expression
    QString unit;       ///< a label ("km/h"; "" for none)
};

/// a definition compiled against one observable layout
class DerivedChannel {
public:
    ~DerivedChannel();
    DerivedChannel(const DerivedChannel&) = delete;
    DerivedChannel& operator=(const DerivedChannel&) = delete;

    /// compile `d` against `layout`; nullptr with `error` set (naming the unknown name, or the
    /// syntax error and its position) when the expression is not one
    static std::unique_ptr<DerivedChannel> compile(const DerivedDefinition& d, const std::vector<ObservableRef>& layout, QString* error);
    /// a name as it may appear in an expression: [A-Za-z][A-Za-z0-9_]* (checked for new channels)
    static bool validName(const QString& name);

    const DerivedDefinition& definition() const { return m_def; }
    /// the channel at sample i of s (NaN where the expression has none, e.g. sqrt(-1))
    double value(const SampleStore& s, std::size_t i) const;
    /// the layout indices the expression reads
    const std::vector<std::size_t>& inputs() const { return m_inputs; }
    /// it reads a tick mean (so it has no value at tick 0 either)
    bool tickMean() const { return m_tickMean; }

    struct Parser; ///< muParser and the expression's variables (derivedchannel.cpp)

private:
    DerivedChannel();
    DerivedDefinition m_def;
    std::unique_ptr<Parser> m_parser;
    std::vector<std::size_t> m_inputs; // layout index of each variable
    std::vector<double*> m_slots;      // the variable each input is read into
    bool m_tickMean = false;
};

} // namespace drivelab
