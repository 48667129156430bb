#pragma once
// The lab's optional `results` section: which vehicle body the vehicle results are for and the
// reference speed its trace following is measured against (docs/FORMATS.md, "Vehicle results").
//
//   "results": {"vehicle": "car", "reference_speed": {"signal": "cycle", "scale": 0.2777777777777778, "offset": 0}}
//
// v_ref = scale * signal + offset [m/s] (a cycle tabulated in km/h: scale 1/3.6; in mph: 0.44704).
#include <string>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// the `results` section, read
struct ResultsSettings {
    std::string vehicle;  ///< the vehicle body the results are for ("": the lab's only one)
    std::string signal;   ///< the reference speed's signal ("": no reference)
    double scale = 1.0;   ///< v_ref = scale * signal + offset [m/s per signal unit]
    double offset = 0.0;  ///< [m/s]
};

/// check the lab's section against the lab (errors and warnings with subject `results`);
/// also warns when a lab has several vehicle bodies and names none
void checkResults(const LabSpec& lab, Diagnostics& d);
/// the section with its defaults filled (the normalized lab's form); null when the lab has none
Json normalizedResults(const Json& results);
/// the settings of a checked (or normalized) section; defaults for null
ResultsSettings readResultsSettings(const Json& results);

} // namespace drivelab
