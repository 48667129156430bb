#pragma once
// A lab whose one shaft is driven through the test FMU torquesource3 (tests/fmi/testfmus, packed
// into BUILD/tests/fmus beside the test executables): the lab of the one component type the
// two-stage methods refuse (tst_errorestimate, tst_properties). Needs drivelab_test_fmus built.
#include <QCoreApplication>
#include <QString>

namespace drivelab::test {

/// BUILD/tests/fmus/torquesource3.fmu
inline QString torqueSourceFmu() { return QCoreApplication::applicationDirPath() + "/fmus/torquesource3.fmu"; }

/// the lab's text: shaft (J 0.5) driven by motor, whose torque follows fmu component `src`
inline QByteArray fmuTorqueLab(const QString& fmu)
{
    return QStringLiteral(R"({"format": "drivelab.lab", "version": 1, "name": "fmu-torque",
  "run": {"tick_ns": 1000000, "duration_ns": 100000000, "report_every_ticks": 1},
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
  "components": [
    {"id": "src", "type": "fmu", "parameters": {"file": "%1", "output": "torque"}},
    {"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "src"}}}
  ]})")
        .arg(fmu)
        .toUtf8();
}

} // namespace drivelab::test
