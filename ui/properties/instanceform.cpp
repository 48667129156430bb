#include "properties/instanceform.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QStyle>
#include <QVBoxLayout>

#include <cmath>

#include "commands/instanceparametercommand.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "document/partbody.h"
#include "document/partblocks.h"
#include "properties/expressionedit.h"

namespace drivelab {
namespace {

QString rangeText(double lo, double hi)
{
    if (std::isinf(lo) && std::isinf(hi)) return QString();
    if (std::isinf(hi)) return QCoreApplication::translate("InstanceForm", "at least %1").arg(formatNumber(lo));
    if (std::isinf(lo)) return QCoreApplication::translate("InstanceForm", "at most %1").arg(formatNumber(hi));
    return QStringLiteral("[%1, %2]").arg(formatNumber(lo), formatNumber(hi));
}

} // namespace

InstanceForm::InstanceForm(LabDocument* document, const QString& id, QWidget* parent) : QWidget(parent), m_document(document), m_id(id)
{
    build();
    refresh();
}

void InstanceForm::build()
{
    auto* layout = new QVBoxLayout(this);
    const InstanceSpec* inst = m_document->lab().findInstance(m_id.toStdString());
    if (!inst) return;
    const QString part = QString::fromStdString(inst->part);
    auto* title = new QLabel(tr("<b>%1</b> — instance of part <b>%2</b>").arg(m_id.toHtmlEscaped(), part.toHtmlEscaped()), this);
    title->setObjectName(QStringLiteral("instanceTitle"));
    title->setWordWrap(true);
    layout->addWidget(title);
    std::string why;
    const auto iface = partInterface(m_document->lab(), inst->part, &why, true);
    auto* origin = new QLabel(originText(iface ? iface->origin : std::string()), this);
    origin->setObjectName(QStringLiteral("instanceOrigin"));
    origin->setWordWrap(true);
    origin->setStyleSheet(QStringLiteral("color:#6b7280"));
    layout->addWidget(origin);
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("instanceProblems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color:#b3131f"));
    layout->addWidget(m_problems);

    if (!iface) {
        auto* missing = new QLabel(tr("The part cannot be read: %1").arg(QString::fromStdString(why)), this);
        missing->setWordWrap(true);
        layout->addWidget(missing);
        layout->addStretch(1);
        return;
    }
    auto* portsTitle = new QLabel(tr("<b>Ports</b>"), this);
    layout->addWidget(portsTitle);
    m_ports = new QLabel(this);
    m_ports->setObjectName(QStringLiteral("instancePorts"));
    m_ports->setWordWrap(true);
    layout->addWidget(m_ports);

    auto* paramsTitle = new QLabel(tr("<b>Parameters</b>"), this);
    layout->addWidget(paramsTitle);
    auto* grid = new QGridLayout;
    layout->addLayout(grid);
    int row = 0;
    for (std::size_t k = 0; k < iface->parameters.size(); ++k) {
        const PartParameter& p = iface->parameters[k];
        const QString name = QString::fromStdString(p.name);
        auto* edit = new ExpressionEdit(this);
        edit->setObjectName(QStringLiteral("param:") + name);
        edit->setUnit(p.unit);
        edit->setAllowEmpty(p.defaultValue.has_value());
        if (p.defaultValue) edit->setPlaceholderText(tr("default: %1").arg(formatNumber(*p.defaultValue)));
        m_edits.insert(name, edit);
        connect(edit, &ExpressionEdit::committed, this, [this, name](std::optional<Json> v) {
            m_document->push(new InstanceParameterCommand(m_document, m_id.toStdString(), name.toStdString(), std::move(v)));
        });
        connect(edit, &ExpressionEdit::refused, this, [this, name](const QString& reason) {
            emit hint(tr("%1.%2: %3").arg(m_id, name, reason));
        });
        const QString unit = p.unit.empty() || p.unit == "-" || p.unit == "1" ? QString() : QString::fromStdString(p.unit);
        QStringList doc;
        if (!iface->descriptions[k].empty()) doc << QString::fromStdString(iface->descriptions[k]);
        const QString range = rangeText(p.min, p.max);
        if (!range.isEmpty()) doc << tr("must be %1").arg(range);
        if (!p.defaultValue) doc << tr("no default: the instance must give it");
        auto* nameLabel = new QLabel(name, this);
        auto* unitLabel = new QLabel(unit, this);
        auto* docLabel = new QLabel(doc.join(QStringLiteral("; ")), this);
        docLabel->setWordWrap(true);
        docLabel->setStyleSheet(QStringLiteral("color:#6b7280; font-size:9pt"));
        grid->addWidget(nameLabel, row, 0);
        grid->addWidget(edit, row, 1);
        grid->addWidget(unitLabel, row, 2);
        grid->addWidget(docLabel, row + 1, 0, 1, 3);
        row += 2;
    }
    if (iface->parameters.empty()) grid->addWidget(new QLabel(tr("The part has no parameters."), this), 0, 0);
    auto* help = new QLabel(tr("A number, or an expression starting with = (\"=2*200\"); empty: the part's default."), this);
    help->setWordWrap(true);
    help->setStyleSheet(QStringLiteral("color:#6b7280"));
    layout->addWidget(help);
    layout->addStretch(1);
}

QString InstanceForm::originText(const std::string& origin) const
{
    // where the part the instance uses is defined, as the lab resolves its name
    const auto k = inlinePartIndex(m_document->lab(), m_document->lab().findInstance(m_id.toStdString())->part);
    if (k) return tr("Defined in this lab's parts.");
    if (origin.empty()) return QString();
    const QFileInfo file(QString::fromStdString(origin));
    if (file.absolutePath() == QDir(QString::fromStdString(m_document->lab().baseDir)).absolutePath())
        return tr("Defined in %1 beside the lab.").arg(file.fileName());
    return tr("Defined in %1 in the part library (%2).").arg(file.fileName(), QDir::toNativeSeparators(file.absolutePath()));
}

void InstanceForm::refresh()
{
    const InstanceSpec* inst = m_document->lab().findInstance(m_id.toStdString());
    if (!inst) return;
    for (auto it = m_edits.begin(); it != m_edits.end(); ++it) {
        const std::string n = it.key().toStdString();
        it.value()->setValue(inst->parameters.is_object() && inst->parameters.contains(n) ? inst->parameters[n] : Json());
    }
    if (m_ports) {
        QStringList lines;
        const ComponentDescriptor& d = partDescriptor(m_document->lab(), *inst);
        for (const PortDescriptor& p : d.ports) {
            const Json* node = inst->ports.is_object() && inst->ports.contains(p.name) ? &inst->ports[p.name] : nullptr;
            lines << tr("%1 (%2) → %3")
                         .arg(QString::fromLatin1(p.name), QString::fromLatin1(domainName(p.domain)),
                              node && node->is_string() ? QString::fromStdString(node->get<std::string>()) : tr("not connected"));
        }
        m_ports->setText(lines.join(QLatin1Char('\n')));
    }
    updateProblems();
}

void InstanceForm::updateProblems()
{
    // an edit's problems come with its compile, after the edit (diagnosticsChanged calls again)
    if (m_document->diagnosticsPending()) return;
    // problems: on a parameter's field, else listed at the top (with those inside the instance)
    QHash<QString, QStringList> onField;
    QStringList listed;
    const std::string id = m_id.toStdString();
    for (const Diagnostic& d : m_document->diagnostics()) {
        const bool here = d.subject == id;
        const bool inside = d.subject.rfind(id + "/", 0) == 0;
        if (!here && !inside) continue;
        const QString text = QString::fromStdString(d.message);
        if (here && d.field.rfind("parameters.", 0) == 0 && m_edits.contains(QString::fromStdString(d.field.substr(11)))) {
            onField[QString::fromStdString(d.field.substr(11))] << text;
            continue;
        }
        listed << QString::fromStdString(d.subject + ": " + d.field + ": " + d.message);
    }
    for (auto it = m_edits.begin(); it != m_edits.end(); ++it) {
        ExpressionEdit* e = it.value();
        if (e->property("unfinished").toBool()) continue;
        const QStringList problems = onField.value(it.key());
        e->setProperty("problem", !problems.isEmpty());
        e->setToolTip(problems.join(QLatin1Char('\n')));
        e->style()->unpolish(e);
        e->style()->polish(e);
    }
    m_problems->setText(listed.join(QLatin1Char('\n')));
    m_problems->setVisible(!listed.isEmpty());
}

QString InstanceForm::problemsText() const { return m_problems ? m_problems->text() : QString(); }

} // namespace drivelab
