#pragma once
// Display units: files and the core are SI; the editor may show speeds in rpm,
// temperatures in degrees Celsius, pressures in bar and powers in kW. The choice is a
// view setting remembered in QSettings; values convert on the way in and out.
//
// This is the one place that turns an SI value into text for people: every field, label,
// range, default, summary and table of the editor formats its quantities through a
// UnitView, so they all follow the display unit and its changes.
//   - field text (text()): SI values in their shortest exact form; converted values as
//     typed when they were typed in the display unit, else rounded to 6 significant digits
//     (a field the user does not edit is never written back, so storage stays bit-exact);
//   - reading text (quantity()): rounded to a few significant digits, with the unit;
//   - typed text converts once, exactly as written: si = shown × siPerUnit + siOffset with
//     the exact factors (1e5 Pa per bar, 1e3 W per kW, π/30 rad/s per rpm, +273.15 K).
#include <QObject>
#include <QString>

#include <functional>

#include "spec/descriptor.h"

namespace drivelab {

/// how one SI unit is shown
struct UnitView {
    QString label;         ///< unit shown ("rpm", "°C", "N·m")
    double siPerUnit = 1.0; ///< SI value of one display unit (1e5 for bar)
    double siOffset = 0.0;  ///< SI value of the display unit's zero (273.15 for °C)
    double scale = 1.0;     ///< display = si * scale + offset: the same map as one multiply-add (plots)
    double offset = 0.0;

    /// the view of a unit: si = shown * siPerUnit + siOffset
    static UnitView make(const QString& label, double siPerUnit, double siOffset = 0.0);
    bool identity() const { return siPerUnit == 1.0 && siOffset == 0.0; }
    double toDisplay(double si) const { return (si - siOffset) / siPerUnit; }
    double fromDisplay(double shown) const { return shown * siPerUnit + siOffset; }
    /// the text of an SI value in a field (no unit): exact in SI, rounded for people when converted
    QString text(double si) const;
    /// text() with the unit ("764 rpm", "0.3 kg·m²"): a value as the user set it
    QString textWithUnit(double si) const;
    /// an SI value for reading, rounded to `digits` significant digits, with the unit ("763.94 rpm")
    QString quantity(double si, int digits = 5) const;
    /// a range in this unit ("must be in [-954930, 954930] rpm"); the unit follows the last number
    QString range(const Range& r) const;
};

/// the editor's display-unit choices (one instance per application)
class DisplayUnits : public QObject {
    Q_OBJECT
public:
    enum class Quantity { Speed, Temperature, Pressure, Power };

    /// the application's instance (settings loaded on first use)
    static DisplayUnits& instance();
    /// the view of an SI unit string ("rad/s", "K", "N m")
    UnitView view(const QString& siUnit) const;
    /// true when a quantity is shown in its engineering unit
    bool engineering(Quantity q) const;
    /// choose SI or engineering units for a quantity (saved in the settings)
    void setEngineering(Quantity q, bool on);
    /// "kg m^2" -> "kg·m²"
    static QString pretty(const QString& siUnit);
    /// a field's documentation with its range in the display unit ("Initial speed (must be in
    /// [-954930, 954930] rpm)"); the text alone when the range allows any number
    static QString withRange(const QString& doc, const Range& range, const QString& siUnit);
    /// a core diagnostic about a field with `range` ("must be in [-1e+05, 1e+05] (got 2e+05)", SI)
    /// in the display unit ("must be in [-954930, 954930] rpm (got 1.90986e+06 rpm)"); any other
    /// message unchanged
    static QString rangeMessage(const QString& message, const Range& range, const QString& siUnit);
    /// run `update` now and again whenever a choice changes, while `context` lives (text that
    /// shows quantities follows the display units without reopening anything)
    static void follow(QObject* context, const std::function<void()>& update);
    /// user-visible name of a quantity choice ("Speeds in rpm")
    static QString choiceName(Quantity q);

signals:
    /// a choice changed: re-display every value
    void changed();

private:
    DisplayUnits();
    bool m_on[4] = {false, false, false, false};
};

} // namespace drivelab
