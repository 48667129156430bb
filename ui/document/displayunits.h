#pragma once
// Display units: files and the core are SI; the editor may show speeds in rpm,
// temperatures in degrees Celsius, pressures in bar and powers in kW. The choice is a
// view setting remembered in QSettings; values convert on the way in and out.
#include <QObject>
#include <QString>

namespace drivelab {

/// how one SI unit is shown
struct UnitView {
    QString label;      ///< unit shown ("rpm", "°C", "N·m")
    double scale = 1.0; ///< display = si * scale + offset
    double offset = 0.0;
    bool identity() const { return scale == 1.0 && offset == 0.0; }
    double toDisplay(double si) const { return si * scale + offset; }
    double fromDisplay(double shown) const { return (shown - offset) / scale; }
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
