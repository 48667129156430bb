#include "document/displayunits.h"

#include <QSettings>

#include <numbers>

namespace drivelab {
namespace {

const char* key(DisplayUnits::Quantity q)
{
    switch (q) {
    case DisplayUnits::Quantity::Speed: return "units/speed_rpm";
    case DisplayUnits::Quantity::Temperature: return "units/temperature_celsius";
    case DisplayUnits::Quantity::Pressure: return "units/pressure_bar";
    case DisplayUnits::Quantity::Power: return "units/power_kw";
    }
    return "units/?";
}

} // namespace

DisplayUnits& DisplayUnits::instance()
{
    static DisplayUnits* units = new DisplayUnits;
    return *units;
}

DisplayUnits::DisplayUnits()
{
    QSettings s;
    for (int i = 0; i < 4; ++i) m_on[i] = s.value(QString::fromLatin1(key(static_cast<Quantity>(i))), false).toBool();
}

bool DisplayUnits::engineering(Quantity q) const { return m_on[static_cast<int>(q)]; }

void DisplayUnits::setEngineering(Quantity q, bool on)
{
    if (m_on[static_cast<int>(q)] == on) return;
    m_on[static_cast<int>(q)] = on;
    QSettings().setValue(QString::fromLatin1(key(q)), on);
    emit changed();
}

UnitView DisplayUnits::view(const QString& siUnit) const
{
    if (siUnit == QLatin1String("rad/s") && engineering(Quantity::Speed)) return {tr("rpm"), 60.0 / (2.0 * std::numbers::pi), 0.0};
    if (siUnit == QLatin1String("K") && engineering(Quantity::Temperature)) return {tr("°C"), 1.0, -273.15};
    if (siUnit == QLatin1String("Pa") && engineering(Quantity::Pressure)) return {tr("bar"), 1e-5, 0.0};
    if (siUnit == QLatin1String("W") && engineering(Quantity::Power)) return {tr("kW"), 1e-3, 0.0};
    return {pretty(siUnit), 1.0, 0.0};
}

QString DisplayUnits::pretty(const QString& siUnit)
{
    QString s = siUnit;
    s.replace(QLatin1String("^2"), QStringLiteral("²"));
    s.replace(QLatin1String("^3"), QStringLiteral("³"));
    s.replace(QLatin1Char(' '), QStringLiteral("·"));
    return s;
}

QString DisplayUnits::choiceName(Quantity q)
{
    switch (q) {
    case Quantity::Speed: return tr("Speeds in rpm");
    case Quantity::Temperature: return tr("Temperatures in °C");
    case Quantity::Pressure: return tr("Pressures in bar");
    case Quantity::Power: return tr("Powers in kW");
    }
    return QString();
}

} // namespace drivelab
