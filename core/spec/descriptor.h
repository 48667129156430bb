#pragma once
// Descriptors: the single description of each node domain and component type that
// the JSON reader, the compiler, the report, the palette and the property editor read.
#include <cmath>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace drivelab {

/// physical domain of a node or port
enum class Domain { Rotational, Translational, Hydraulic, Thermal };

/// "rotational", "translational", "hydraulic", "thermal"
const char* domainName(Domain d);
/// parse a domain name
std::optional<Domain> domainFromName(std::string_view name);

/// Allowed range of a real value. Checked by the compiler, shown by the editor.
struct Range {
    double lo = -std::numeric_limits<double>::infinity(); ///< lower bound
    double hi = std::numeric_limits<double>::infinity();  ///< upper bound
    bool loStrict = false;                                ///< lo itself excluded
    bool hiStrict = false;                                ///< hi itself excluded
    bool nonzero = false;                                 ///< zero excluded
    double minMagnitude = 0.0;                            ///< nonzero values need |v| >= this (a signed
                                                          ///< ratio: [-hi, -m] or [m, hi])

    /// any finite value
    static constexpr Range any() { return {}; }
    /// > 0
    static constexpr Range positive() { return {0.0, std::numeric_limits<double>::infinity(), true, false, false}; }
    /// >= 0
    static constexpr Range nonNegative() { return {0.0, std::numeric_limits<double>::infinity(), false, false, false}; }
    /// != 0
    static constexpr Range nonZero()
    {
        return {-std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(), false, false, true};
    }
    /// [lo, hi]
    static constexpr Range closed(double lo, double hi) { return {lo, hi, false, false, false}; }
    /// (lo, hi]
    static constexpr Range openClosed(double lo, double hi) { return {lo, hi, true, false, false}; }
    /// either sign, lo <= |v| <= hi (a signed ratio or displacement: zero and absurd magnitudes excluded)
    static constexpr Range magnitude(double lo, double hi) { return {-hi, hi, false, false, true, lo}; }

    /// true if v is finite and inside the range
    bool contains(double v) const
    {
        if (!std::isfinite(v)) return false;
        if (nonzero && v == 0.0) return false;
        if (std::fabs(v) < minMagnitude) return false;
        if (loStrict ? !(v > lo) : !(v >= lo)) return false;
        if (hiStrict ? !(v < hi) : !(v <= hi)) return false;
        return true;
    }
    /// "must be > 0" style text
    std::string describe() const;
};

/// kind of a parameter value
enum class ParamKind {
    Real,          ///< finite number
    WholeNumber,   ///< finite number with no fractional part (teeth counts)
    Boolean,       ///< true/false
    Table,         ///< array of objects with fixed columns (numbers; a column with `id` set: component ids)
    RealOrKeyword, ///< number, or one keyword standing for a fixed number
    Table2D,       ///< {"x": [...], "y": [...], "values": [[...], ...]}: columns name x, y and the values
                   ///< (components/common/table2d.h); minRows..maxRows points per axis
    Text,          ///< a non-empty string (an imported FMU's file, the name of one of its variables)
    NumberMap,     ///< {"name": number, ...}: finite numbers by name (an imported FMU's parameter start values)
};

/// one numeric column of a table parameter
struct TableColumn {
    const char* name; ///< JSON key of the column
    const char* unit; ///< SI unit, "" when dimensionless
    Range range;      ///< allowed values
    const char* doc;  ///< one-line description
    bool id = false;  ///< the column holds a component id (a string, as "ring_brake"), not a number
};

/// one parameter of a node domain or component type
struct ParameterDescriptor {
    const char* name;                          ///< JSON key
    const char* unit;                          ///< SI unit, "" when dimensionless
    ParamKind kind = ParamKind::Real;          ///< value kind
    Range range = Range::any();                ///< allowed values (Real, WholeNumber, RealOrKeyword)
    bool required = true;                      ///< must be present in the file
    double fileDefault = 0.0;                  ///< value when absent and not required
    const char* editorDefault = "0";           ///< JSON text the editor inserts for a new item
    const char* doc = "";                      ///< one-line description
    std::span<const TableColumn> columns = {}; ///< Table: its columns
    int minRows = 0;                           ///< Table: fewest rows
    int maxRows = 0;                           ///< Table: most rows
    const char* keyword = nullptr;             ///< RealOrKeyword: the keyword
    double keywordValue = 0.0;                 ///< RealOrKeyword: what the keyword stands for
    bool omitWhenAbsent = false;               ///< optional parameter whose absence means "not used" (or one added
                                               ///< to an existing type later): the normalized model and the
                                               ///< fingerprint carry it only when it is given
};

/// one port of a component type
struct PortDescriptor {
    const char* name;           ///< JSON key ("node_a", "heat_node")
    Domain domain;              ///< domain of the node it must name
    bool optional = false;      ///< may be absent
    bool allowGround = false;   ///< may name the reserved `ground` node (rotational, translational)
    const char* doc = "";       ///< role of the port ("pump", "support (absent: ground)")
    bool sameDomainAsA = false; ///< any of rotational, translational, hydraulic, but the same as node_a's
                                ///< (then `domain` is only the editor's default)
};

/// one input channel of a component (initial value in `inputs`, changed by events)
struct InputDescriptor {
    const char* name;            ///< channel name
    const char* unit;            ///< SI unit
    Range range;                 ///< allowed values
    double initialDefault = 0.0; ///< initial value when `inputs` omits it
    const char* doc = "";        ///< one-line description
    /// when set: the component can never act while this input is 0, so an input that starts
    /// at 0 and that no event raises gets this warning (not an error: the lab still runs)
    const char* idleAtZero = nullptr;
    /// bound to a signal, the input takes the signal's value at the end of each interval (a
    /// prescribed speed moves linearly to it) instead of its mean over the interval
    bool sampledAtEnd = false;
};

/// one reported observable
struct ObservableDescriptor {
    const char* name;     ///< report key
    const char* unit;     ///< SI unit or "" / "state code"
    bool integer = false; ///< written as an integer (state codes, flags)
    /// a duration-weighted mean over the last complete tick (torques, forces, powers, flows, and
    /// any other quantity a component averages): no value exists at tick 0, where the report
    /// writes 0 (solver/observables.h isTickMean; its doc then starts with "mean ")
    bool tickMean = false;
    const char* doc = ""; ///< one-line description
    /// a cumulative loss [J]: the energy-split category it counts in (io/vehicleresults.h:
    /// "aero", "rolling", "brakes", "clutches", "converter", "engine", "dampers", "hydraulic", ...);
    /// nullptr: not a loss
    const char* split = nullptr;
    /// the category instead when the component's `node_b` is ground (a clutch to ground: a brake)
    const char* splitGrounded = nullptr;
};

/// where the palette lists a type (and what it is for): the domains' passive elements, the
/// sources that impose an effort or a flow, engines, controllers, multi-domain transformers
enum class PaletteGroup {
    Rotational,    ///< rotational elements (clutches, gears, springs, converters)
    Hydraulic,     ///< hydraulic elements (pumps, orifices, cylinders, accumulators)
    Translational, ///< translational elements (springs, dampers)
    Thermal,       ///< thermal elements (conductors, heat sources)
    Sources,       ///< prescribed efforts and flows (torque, speed, force, pressure, flow sources)
    Engines,       ///< engines as physical models (a fired cylinder)
    Control,       ///< controllers that drive other components' inputs
    MultiDomain,   ///< elements between nodes of any one domain (the transformer)
};
/// every palette group, in the palette's order
inline constexpr PaletteGroup kPaletteGroups[] = {PaletteGroup::Rotational, PaletteGroup::Hydraulic, PaletteGroup::Translational,
                                                  PaletteGroup::Thermal,    PaletteGroup::Sources,   PaletteGroup::Engines,
                                                  PaletteGroup::Control,    PaletteGroup::MultiDomain};
/// "rotational", "sources", "multi_domain" (a stable key: settings, tests, tools)
const char* paletteGroupName(PaletteGroup g);
/// the group a node domain's palette entry belongs to
PaletteGroup paletteGroupOf(Domain d);

/// the editor's own window for a type's tables (instead of the tables in the property form)
enum class TableEditorKind {
    None,          ///< tables are edited in the property form
    ConverterMaps, ///< the converter map editor (four maps with R, C and efficiency charts)
};

/// one series of a default plot: an observable of every instance of the type
struct PlotSeriesDescriptor {
    const char* observable;       ///< observable name ("torque_at_b")
    const char* legend = nullptr; ///< legend after the instance id ("turbine" -> "tc turbine"); nullptr: the default
};

/// a plot the editor opens by default for a model holding this type (the series of every
/// instance of every type naming the same title share the plot)
struct DefaultPlotDescriptor {
    const char* title;                            ///< plot title
    std::span<const PlotSeriesDescriptor> series; ///< series per instance
};

/// one key figure of a component, for the line under its id on the canvas (the editor
/// formats it in the display units)
struct SummaryItem {
    const char* name; ///< short label ("stall R", "C₀", "peak")
    double value;     ///< the figure in SI units
    const char* unit; ///< SI unit, "" to show the number alone
    int digits = 5;   ///< significant digits worth showing
};

/// a type's key figures from its `parameters` object (empty when they cannot be read)
using SummaryHook = std::vector<SummaryItem> (*)(const nlohmann::ordered_json& parameters);

/// Everything the outside world knows about a component type.
struct ComponentDescriptor {
    const char* type;        ///< JSON type name ("torque_converter")
    const char* label;       ///< palette label ("Torque converter")
    PaletteGroup group;      ///< palette group
    /// words a palette search also finds it by (synonyms: "engine" for a motor with a torque
    /// curve), space-separated; "" when none
    const char* keywords = "";
    const char* fieldPrefix; ///< prefix of parameter field paths in diagnostics ("converter")
    const char* doc;         ///< one-paragraph description
    std::span<const PortDescriptor> ports;
    std::span<const ParameterDescriptor> parameters;
    std::span<const InputDescriptor> inputs;
    std::span<const ObservableDescriptor> observables;
    int historyStates = 0;                               ///< states it adds to the model's state budget
    int maxInstances = 0;                                ///< most instances in one model (0: no own limit)
    const char* capability = nullptr;                    ///< capability a model containing it advertises
    const char* idStem = nullptr;                        ///< stem of the editor's fresh ids ("tc" -> tc1); nullptr: the type name
    TableEditorKind tableEditor = TableEditorKind::None; ///< the editor's window for its tables
    /// plots the editor opens by default when a model holds this type (then the generic
    /// plots give way to these and the node speeds)
    std::span<const DefaultPlotDescriptor> defaultPlots = {};
    /// its key figures for the canvas label; nullptr: the first parameters and inputs
    SummaryHook summary = nullptr;
    /// it carries oil temperature: its hydraulic ports may name thermal-liquid volumes (its
    /// flows carry thermal energy, its losses stay in the oil; docs/PHYSICS.md "Thermal-liquid oil")
    bool thermalLiquid = false;

    /// the stem of fresh ids: idStem, else the type name
    const char* idStemOrType() const { return idStem ? idStem : type; }

    /// port by name, or nullptr
    const PortDescriptor* port(std::string_view name) const;
    /// parameter by name, or nullptr
    const ParameterDescriptor* parameter(std::string_view name) const;
    /// input by name, or nullptr
    const InputDescriptor* input(std::string_view name) const;
};

/// Everything the outside world knows about a node domain.
struct NodeDomainDescriptor {
    Domain domain;                                     ///< the domain
    const char* label;                                 ///< palette label ("Shaft / inertia")
    const char* doc;                                   ///< one-line description
    std::span<const ParameterDescriptor> fields;       ///< node fields
    std::span<const ObservableDescriptor> observables; ///< reported node observables

    /// field by name, or nullptr
    const ParameterDescriptor* field(std::string_view name) const;
};

/// the descriptor of a node domain, or nullptr when the domain is not supported
const NodeDomainDescriptor* nodeDomainDescriptor(Domain d);
/// the hydraulic node descriptor of a thermal-liquid volume (its observables add the oil temperature)
const NodeDomainDescriptor& thermalLiquidNodeDescriptor();

} // namespace drivelab
