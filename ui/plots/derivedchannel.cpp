#include "plots/derivedchannel.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <deque>
#include <limits>
#include <muParser.h>

#include "simulation/samplestore.h"
#include "solver/observables.h"
#include "solver/session.h"

namespace drivelab {

namespace {
QString trDerived(const char* text) { return QCoreApplication::translate("DerivedChannel", text); }
} // namespace

struct DerivedChannel::Parser {
    mu::Parser parser;
    std::deque<double> cells;         // one per name the expression uses (stable addresses)
    std::vector<std::string> names;  // in the order the factory saw them
};

namespace {

// muParser calls this for every name it does not know: each gets a slot, checked after parsing
double* addName(const char* name, void* data)
{
    auto* p = static_cast<DerivedChannel::Parser*>(data);
    p->cells.push_back(0.0);
    p->names.emplace_back(name);
    return &p->cells.back();
}

} // namespace

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
    try {
        p.parser.DefineNameChars("0123456789_.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
        p.parser.SetVarFactory(addName, &p);
        p.parser.SetExpr(d.expression.toStdString());
        p.parser.Eval(); // parses (every name through the factory) and checks the syntax
    } catch (const mu::Parser::exception_type& e) {
        if (error) {
            const int pos = e.GetPos();
            *error = pos >= 0 ? trDerived("Syntax error at position %1 (%2): %3")
                                    .arg(pos + 1)
                                    .arg(QString::fromStdString(e.GetToken()).isEmpty() ? trDerived("end") : QStringLiteral("\"%1\"").arg(QString::fromStdString(e.GetToken())),
                                         QString::fromStdString(e.GetMsg()))
                              : trDerived("Syntax error: %1").arg(QString::fromStdString(e.GetMsg()));
        }
        return nullptr;
    }
    // every name: id.name of an observable, or a signal's id ('-' in ids written '_')
    for (std::size_t v = 0; v < p.names.size(); ++v) {
        const QString name = QString::fromStdString(p.names[v]);
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
        c->m_slots.push_back(&p.cells[v]);
    }
    return c;
}

double DerivedChannel::value(const SampleStore& s, std::size_t i) const
{
    for (std::size_t k = 0; k < m_inputs.size(); ++k) *m_slots[k] = s.value(i, m_inputs[k]);
    try {
        return m_parser->parser.Eval();
    } catch (const mu::Parser::exception_type&) {
        return std::numeric_limits<double>::quiet_NaN();
    }
}

} // namespace drivelab
