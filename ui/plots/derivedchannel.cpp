#include "plots/derivedchannel.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <limits>

#include "simulation/samplestore.h"
#include "solver/observables.h"
#include "solver/session.h"
#include "util/expression.h"

namespace drivelab {

namespace {
QString trDerived(const char* text) { return QCoreApplication::translate("DerivedChannel", text); }
} // namespace

struct DerivedChannel::Parser {
    std::unique_ptr<Expression> expr; // the core's one muParser wrapper (util/expression.h)
};

DerivedChannel::DerivedChannel() : m_parser(std::make_unique<Parser>()) { }

DerivedChannel::~DerivedChannel() = default;

bool DerivedChannel::validName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[A-Za-z][A-Za-z0-9_]*$"));
    return re.match(name).hasMatch();
}

std::unique_ptr<DerivedChannel> DerivedChannel::compile(const DerivedDefinition& d, const std::vector<ObservableRef>& layout, QString* error)
{
    std::unique_ptr<DerivedChannel> c(new DerivedChannel);
    c->m_def = d;
    Parser& p = *c->m_parser;
    if (d.expression.trimmed().isEmpty()) {
        if (error) *error = trDerived("The expression is empty.");
        return nullptr;
    }
    ExpressionError err;
    p.expr = Expression::parse(d.expression.toStdString(), true, &err);
    if (!p.expr) {
        if (error) {
            const int pos = err.position;
            *error = pos >= 0 ? trDerived("Syntax error at position %1 (%2): %3")
                                    .arg(pos + 1)
                                    .arg(QString::fromStdString(err.token).isEmpty() ? trDerived("end") : QStringLiteral("\"%1\"").arg(QString::fromStdString(err.token)),
                                         QString::fromStdString(err.message))
                              : trDerived("Syntax error: %1").arg(QString::fromStdString(err.message));
        }
        return nullptr;
    }
    // every name: id.name of an observable, or a signal's id ('-' in ids written '_')
    for (std::size_t v = 0; v < p.expr->names().size(); ++v) {
        const QString name = QString::fromStdString(p.expr->names()[v]);
        std::size_t found = layout.size();
        for (std::size_t k = 0; k < layout.size() && found == layout.size(); ++k) {
            const QString subject = QString::fromStdString(layout[k].subject).replace(QLatin1Char('-'), QLatin1Char('_'));
            const QString full = subject + QLatin1Char('.') + QString::fromStdString(layout[k].name);
            if (name == full || (layout[k].isSignal && name == subject)) found = k;
        }
        if (found == layout.size()) {
            if (error)
                *error = trDerived("Unknown name \"%1\" at position %2: an observable is written id.name (wheels.speed), a signal by its id")
                             .arg(name)
                             .arg(d.expression.indexOf(name) + 1);
            return nullptr;
        }
        c->m_inputs.push_back(found);
        c->m_tickMean = c->m_tickMean || isTickMean(layout[found]);
        c->m_slots.push_back(p.expr->slot(v));
    }
    return c;
}

double DerivedChannel::value(const SampleStore& s, std::size_t i) const
{
    for (std::size_t k = 0; k < m_inputs.size(); ++k) *m_slots[k] = s.value(i, m_inputs[k]);
    double v = 0.0;
    return m_parser->expr->eval(v, nullptr) ? v : std::numeric_limits<double>::quiet_NaN();
}

} // namespace drivelab
