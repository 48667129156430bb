#pragma once
// The editable model (Spec): what a lab file says, held without interpretation.
// The editor edits it, the reader fills it, the writer saves it, compile() checks
// and freezes it into a Model.
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "util/jsonwrite.h"

namespace drivelab {

/// newest lab file version this build reads and writes (2: parts, instances and "=expr" fields,
/// issue 36; a lab without them is still written, normalized and fingerprinted as version 1)
constexpr int kLabVersion = 2;
/// the reserved fixed reference node
constexpr const char* kGroundId = "ground";

/// `run.method` as the file gives it
enum class RunMethod : std::uint8_t {
    Absent,   ///< not given: the midpoint
    Midpoint, ///< "midpoint": implicit midpoint with stiffness-adaptive stage weights (the default)
    Gauss2,   ///< "gauss2": 2-stage Gauss-Legendre collocation (docs/PHYSICS.md)
    Radau3,   ///< "radau3": 2-stage Radau IIA collocation (docs/PHYSICS.md)
};

/// run settings of a lab
struct RunSpec {
    std::int64_t tickNs = 50000;          ///< tick length [ns]
    std::int64_t durationNs = 1000000000; ///< run length [ns], a whole number of ticks
    std::int64_t reportEveryTicks = 200;  ///< report boundary every N ticks
    RunMethod method = RunMethod::Absent; ///< integration method as written (absent: the midpoint)
    /// the relative tolerance asked for (run.accuracy; 0: absent, the lab runs at its own tick and
    /// method); the editor and `drivelab-cli run` then pick the method and tick (study/accuracy.h)
    double accuracy = 0.0;
};

/// the least relative tolerance run.accuracy and `--accuracy` accept [-]
constexpr double kMinAccuracy = 1e-12;
/// the largest [-]
constexpr double kMaxAccuracy = 0.5;
/// true when `tol` is a relative tolerance run.accuracy accepts (NaN, 0 and negatives are not)
constexpr bool isValidAccuracy(double tol) { return tol >= kMinAccuracy && tol <= kMaxAccuracy; }

/// one node: id, domain and its fields as written
struct NodeSpec {
    std::string id;               ///< unique id
    std::string domain;           ///< "rotational", "thermal", ...
    Json fields = Json::object(); ///< domain fields (inertia, initial_speed, ...)
};

/// one component: id, type, port bindings, parameters and initial inputs as written
struct ComponentSpec {
    std::string id;                                         ///< unique id
    std::string type;                                       ///< registry type name
    std::vector<std::pair<std::string, std::string>> ports; ///< port name -> node id, in descriptor order
    Json parameters = Json::object();                       ///< parameter values
    Json inputs = Json::object();                           ///< initial input values

    /// node bound to a port, or nullptr when the port is not given
    const std::string* port(const std::string& name) const;
    /// bind a port (replaces an existing binding); an empty node id removes it
    void setPort(const std::string& name, const std::string& node);
};

/// one scheduled input change
struct EventSpec {
    std::int64_t timeNs = 0; ///< when [ns]; applied at the first tick boundary at or after it
    std::string component;   ///< component id
    std::string input;       ///< input channel
    double value = 0.0;      ///< new value
};

/// one named time signal: id, kind and its fields as written (docs/FORMATS.md, "Signals")
struct SignalSpec {
    std::string id;               ///< unique id (shared id space with nodes and components)
    std::string kind;             ///< "table", "sine", "ramp", "step" or "csv"
    Json fields = Json::object(); ///< the kind's fields (points, interpolation, amplitude, file, unit, ...)
};

/// one placed part (issue 36, docs/FORMATS.md "Parts"): an instance of part `part` in a network,
/// its ports connected to nodes of that network and its parameter values, as written
struct InstanceSpec {
    std::string id;                   ///< unique id in its network (its components become `ID/...`)
    std::string part;                 ///< the part's name: inline in the lab, or NAME.part.json beside it
    Json ports = Json::object();      ///< part port -> node id of the network the instance stands in
    Json parameters = Json::object(); ///< part parameter -> number or "=expr" (absent: the part's default)
};

/// reads a file a lab refers to (a csv signal's `file`, as written): true with its text, or
/// false with why (one line). A lab loaded where files must be confined (the MCP server) has one.
using LabFileReader = std::function<bool(const std::string& file, std::string& text, std::string& why)>;

/// a whole lab
struct LabSpec {
    int version = kLabVersion;             ///< file version it was read from
    std::string name;                      ///< lab name (reported, not fingerprinted)
    Json description = "";                 ///< free text or structure (not fingerprinted)
    RunSpec run;                           ///< run settings
    std::vector<NodeSpec> nodes;           ///< nodes in file order
    std::vector<ComponentSpec> components; ///< components in file order
    std::vector<EventSpec> events;         ///< events in file order
    std::vector<SignalSpec> timeSignals;   ///< time signals in file order
    Json parts = Json::array();            ///< inline part definitions as written (version 2; each with its `name`)
    std::vector<InstanceSpec> instances;   ///< instances of parts in the lab's network (version 2)
    Json oil;                              ///< the oil of a thermal-liquid lab as written (null: none;
                                           ///< fields checked by the compiler, docs/FORMATS.md "Oil")
    Json results;                          ///< the vehicle results' settings as written (null: none;
                                           ///< checked by the compiler, docs/FORMATS.md "Vehicle results")
    std::string baseDir;                   ///< directory a `csv` signal's file is relative to (set by the file
                                           ///< reader; not saved, not fingerprinted; empty: the working directory)
    LabFileReader fileReader;              ///< when set, how referenced files are read instead (not saved)
    Json layout = Json::object();          ///< editor layout, passed through untouched

    /// node by id, or nullptr
    NodeSpec* findNode(const std::string& id);
    const NodeSpec* findNode(const std::string& id) const;
    /// component by id, or nullptr
    ComponentSpec* findComponent(const std::string& id);
    const ComponentSpec* findComponent(const std::string& id) const;
    /// signal by id, or nullptr
    SignalSpec* findSignal(const std::string& id);
    const SignalSpec* findSignal(const std::string& id) const;
    /// instance by id, or nullptr
    InstanceSpec* findInstance(const std::string& id);
    const InstanceSpec* findInstance(const std::string& id) const;
    /// true if a node, component, signal or instance has this id (or it is reserved)
    bool idTaken(const std::string& id) const;
};

/// longest id [characters]
constexpr std::size_t kMaxIdLength = 64;
/// the id set, as diagnostics state it
constexpr const char* kIdRule = "start with a letter, then letters, digits, _ or -, at most 64 characters";
/// true if `id` matches [A-Za-z][A-Za-z0-9_-]* and has at most kMaxIdLength characters
/// (node, component and event component ids; the reader refuses any other)
bool isValidId(const std::string& id);
/// longest hierarchical id [characters]
constexpr std::size_t kMaxPathLength = 255;
/// true if `id` is valid ids joined by '/' (`gearbox/p1/ring`: what a flattened instance's nodes,
/// components and signals are called), at most kMaxPathLength characters
bool isValidPathId(const std::string& id);
/// true when the lab needs version 2 to be written: parts, instances or an "=expr" field
bool labNeedsVersion2(const LabSpec& lab);
/// true when `v` is a string "=..." (an expression field, docs/FORMATS.md "Expressions")
bool isExpressionValue(const Json& v);

} // namespace drivelab
