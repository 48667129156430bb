#include "document/displayunits.h"

#include <QRegularExpression>
#include <QSettings>

#include <cmath>
#include <numbers>

#include "document/numbers.h"
#include "spec/rangetext.h"

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

UnitView UnitView::make(const QString& label, double siPerUnit, double siOffset)
{
    UnitView v;
    v.label = label;
    v.siPerUnit = siPerUnit;
    v.siOffset = siOffset;
    v.scale = 1.0 / siPerUnit;
    v.offset = -siOffset / siPerUnit;
    return v;
}

QString UnitView::text(double si) const
{
    if (identity()) return formatNumber(si);
    // a value typed in this unit reads back as typed (it converts to exactly this SI value);
    // any other is rounded for people: the field is never written back unless edited
    const double shown = toDisplay(si);
    for (int digits = 1; digits <= 9; ++digits) {
        const QString t = formatNumberDigits(shown, digits);
        if (const auto typed = parseNumber(t); typed && fromDisplay(*typed) == si) return t;
    }
    return formatNumberDigits(shown, 6);
}

QString UnitView::textWithUnit(double si) const
{
    const QString n = text(si);
    return label.isEmpty() ? n : n + QLatin1Char(' ') + label;
}

QString UnitView::quantity(double si, int digits) const
{
    const QString n = formatNumberDigits(toDisplay(si), digits);
    return label.isEmpty() ? n : n + QLatin1Char(' ') + label;
}

QString UnitView::range(const Range& r) const
{
    const auto number = [this](double si) {
        return (identity() ? formatNumber(si) : formatNumberDigits(toDisplay(si), 6)).toStdString();
    };
    return QString::fromStdString(describeRange(r, number, label.toStdString()));
}

UnitView DisplayUnits::view(const QString& siUnit) const
{
    // the exact factors of the conversions (1 rpm = π/30 rad/s)
    if (siUnit == QLatin1String("rad/s") && engineering(Quantity::Speed)) return UnitView::make(tr("rpm"), std::numbers::pi / 30.0);
    if (siUnit == QLatin1String("K") && engineering(Quantity::Temperature)) return UnitView::make(tr("°C"), 1.0, 273.15);
    if (siUnit == QLatin1String("Pa") && engineering(Quantity::Pressure)) return UnitView::make(tr("bar"), 1e5);
    if (siUnit == QLatin1String("W") && engineering(Quantity::Power)) return UnitView::make(tr("kW"), 1e3);
    return UnitView::make(pretty(siUnit), 1.0);
}

QString DisplayUnits::pretty(const QString& siUnit)
{
    QString s = siUnit;
    s.replace(QLatin1String("^2"), QStringLiteral("²"));
    s.replace(QLatin1String("^3"), QStringLiteral("³"));
    s.replace(QLatin1Char(' '), QStringLiteral("·"));
    return s;
}

QString DisplayUnits::withRange(const QString& doc, const Range& range, const QString& siUnit)
{
    if (!std::isfinite(range.lo) && !std::isfinite(range.hi) && !range.nonzero) return doc;
    return doc + QStringLiteral(" (") + instance().view(siUnit).range(range) + QLatin1Char(')');
}

QString DisplayUnits::rangeMessage(const QString& message, const Range& range, const QString& siUnit)
{
    const UnitView view = instance().view(siUnit);
    const QString core = QString::fromStdString(range.describe());
    if (view.identity() || core.isEmpty() || !message.startsWith(core)) return message;
    // the compiler's words: the range, then " (got VALUE)" (compilecontext.cpp)
    QString rest = message.mid(core.size());
    static const QRegularExpression got(QStringLiteral(R"(^ \(got ([^)]+)\)(.*)$)"));
    if (const auto m = got.match(rest); m.hasMatch()) {
        if (const auto si = parseNumber(m.captured(1)))
            rest = QStringLiteral(" (got %1)%2").arg(view.quantity(*si, 6), m.captured(2));
    }
    return view.range(range) + rest;
}

void DisplayUnits::follow(QObject* context, const std::function<void()>& update)
{
    update();
    connect(&instance(), &DisplayUnits::changed, context, update);
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
