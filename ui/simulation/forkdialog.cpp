#include "simulation/forkdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

#include "compile/model.h"
#include "document/displayunits.h"
#include "document/numbers.h"

namespace drivelab {

std::vector<double> ForkDialog::inputValuesAt(const Model& model, std::int64_t tick)
{
    std::vector<double> real = model.realInit;
    for (const EventModel& e : model.events) {
        if (e.tick < tick) real[static_cast<std::size_t>(e.slot)] = e.value;
    }
    std::vector<double> out;
    for (const auto& c : model.components) {
        for (std::size_t i = 0; i < c.desc->inputs.size(); ++i) out.push_back(real[static_cast<std::size_t>(c.inputSlot) + i]);
    }
    return out;
}

std::vector<ForkDialog::ForkInputBinding> ForkDialog::bindingsAt(const Model& model, const LabSpec& spec, std::int64_t tick)
{
    std::vector<ForkInputBinding> out;
    const double t = static_cast<double>(tick) * model.h;
    for (const auto& c : model.components) {
        for (std::size_t i = 0; i < c.desc->inputs.size(); ++i) {
            ForkInputBinding f;
            const int slot = c.inputSlot + static_cast<int>(i);
            // an event on the input before the fork time ended its binding
            bool ended = false;
            for (const EventModel& e : model.events) ended = ended || (e.slot == slot && e.tick < tick);
            for (const InputBinding& b : model.bindings) {
                if (b.slot != slot || ended) continue;
                if (b.signal >= 0) {
                    const SignalModel& g = model.timeSignals[static_cast<std::size_t>(b.signal)];
                    f.source = QString::fromStdString(g.id);
                    f.value = b.value(g.value(t));
                    f.hasValue = true;
                } else {
                    // a controller's output: its present value is in the run's state, not the model
                    const ComponentSpec* cs = spec.findComponent(c.id);
                    const auto given = cs ? cs->inputs.find(c.desc->inputs[i].name) : Json::const_iterator();
                    f.source = cs && given != cs->inputs.end() && given->is_object() && given->contains("controller")
                                   ? QString::fromStdString((*given)["controller"].get<std::string>())
                                   : tr("a controller");
                }
            }
            out.push_back(f);
        }
    }
    return out;
}

QString ForkDialog::unitText(double value, const QString& unit)
{
    const QString v = formatNumberDigits(value, 6);
    return unit.isEmpty() ? v : QStringLiteral("%1 %2").arg(v, unit);
}

void ForkDialog::showBinding(int row, bool replaced)
{
    QTableWidgetItem* v = m_inputs->item(row, 2);
    const QSignalBlocker block(m_inputs);
    QFont f = v->font();
    f.setItalic(!replaced);
    v->setFont(f);
    if (replaced) {
        // the present value to start from; a controller's is not known here, so the user types one
        v->setFlags(v->flags() | Qt::ItemIsEditable);
        v->setText(m_nowKnown[static_cast<std::size_t>(row)] ? QString::number(m_now[static_cast<std::size_t>(row)], 'g', 17) : QString());
        v->setForeground(QBrush());
        v->setToolTip(tr("A constant from the fork time on (the binding ends)"));
    } else {
        v->setFlags(v->flags() & ~Qt::ItemIsEditable);
        v->setText(m_binding[static_cast<std::size_t>(row)]);
        v->setForeground(QColor(0x1d, 0x4e, 0xd8));
        v->setToolTip(tr("Driven by %1 in the fork too. Tick \"replace binding\" to set a constant instead.")
                          .arg(m_binding[static_cast<std::size_t>(row)].mid(2)));
    }
}

ForkDialog::ForkDialog(const Model& model, const LabSpec& spec, std::int64_t tick, QWidget* parent)
    : QDialog(parent), m_model(model), m_tick(tick)
{
    setWindowTitle(tr("Fork at t = %1 s").arg(static_cast<double>(tick) * model.h, 0, 'g', 6));
    m_now = inputValuesAt(model, tick);
    m_inputs = new QTableWidget(0, 4, this);
    m_inputs->setHorizontalHeaderLabels({tr("component"), tr("input"), tr("value in the fork"), tr("replace binding")});
    m_inputs->horizontalHeaderItem(3)->setToolTip(
        tr("A signal or controller drives this input. Tick to replace the binding with a constant in the fork."));
    const std::vector<ForkInputBinding> bound = bindingsAt(model, spec, tick);
    for (const auto& c : model.components) {
        for (const auto& in : c.desc->inputs) {
            const int r = m_inputs->rowCount();
            m_inputs->insertRow(r);
            const QString unit = DisplayUnits::pretty(QString::fromLatin1(in.unit));
            auto* a = new QTableWidgetItem(QString::fromStdString(c.id));
            auto* b = new QTableWidgetItem(unit.isEmpty() ? QString::fromLatin1(in.name)
                                                          : QStringLiteral("%1 [%2]").arg(QString::fromLatin1(in.name), unit));
            a->setFlags(a->flags() & ~Qt::ItemIsEditable);
            b->setFlags(b->flags() & ~Qt::ItemIsEditable);
            m_inputs->setItem(r, 0, a);
            m_inputs->setItem(r, 1, b);
            m_inputs->setItem(r, 2, new QTableWidgetItem(QString::number(m_now[static_cast<std::size_t>(r)], 'g', 17)));
            m_inputKeys.emplace_back(QString::fromStdString(c.id), QString::fromLatin1(in.name));
            m_binding.push_back(QString());
            m_nowKnown.push_back(true);
            // an input a signal or controller drives shows its binding and present value; typing
            // alone never unbinds it: "replace binding" does, explicitly
            const ForkInputBinding& f = bound[static_cast<std::size_t>(r)];
            if (!f.source.isEmpty()) {
                m_binding.back() = f.hasValue ? tr("← %1 (now %2)").arg(f.source, unitText(f.value, unit))
                                              : tr("← %1 (controller output)").arg(f.source);
                if (f.hasValue) m_now[static_cast<std::size_t>(r)] = f.value;
                m_nowKnown.back() = f.hasValue;
                auto* replace = new QTableWidgetItem;
                replace->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
                replace->setCheckState(Qt::Unchecked);
                replace->setToolTip(tr("Replace the binding to %1 with a constant from the fork time on").arg(f.source));
                m_inputs->setItem(r, 3, replace);
                showBinding(r, false);
            } else {
                auto* none = new QTableWidgetItem;
                none->setFlags(Qt::ItemIsEnabled);
                m_inputs->setItem(r, 3, none);
            }
        }
    }
    connect(m_inputs, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (item->column() == 3 && !m_binding[static_cast<std::size_t>(item->row())].isEmpty())
            showBinding(item->row(), item->checkState() == Qt::Checked);
    });
    m_inputs->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_inputs->resizeColumnToContents(3);
    m_events = new QTableWidget(0, 4, this);
    m_events->setHorizontalHeaderLabels({tr("time [s]"), tr("component"), tr("input"), tr("value")});
    m_events->horizontalHeader()->setStretchLastSection(true);
    for (const EventSpec& e : spec.events) {
        const std::int64_t et = (e.timeNs + model.tickNs - 1) / model.tickNs; // first boundary at or after it
        addEventRow(e, et >= tick);
    }
    auto* addEvent = new QPushButton(tr("Add Event"), this);
    auto* removeEvent = new QPushButton(tr("Remove Event"), this);
    m_label = new QLineEdit(this);
    m_label->setPlaceholderText(tr("fork name (optional)"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Fork"));
    auto* box = new QVBoxLayout(this);
    box->addWidget(new QLabel(tr("The fork starts from the paused state and owns its own copy; the main run is never changed. "
                                 "Change input values now, or events at or after the fork time."),
                              this));
    box->addWidget(new QLabel(tr("<b>Inputs</b>"), this));
    box->addWidget(m_inputs);
    box->addWidget(new QLabel(tr("<b>Events</b> (grey: already happened)"), this));
    box->addWidget(m_events);
    auto* row = new QHBoxLayout;
    row->addWidget(addEvent);
    row->addWidget(removeEvent);
    row->addStretch(1);
    box->addLayout(row);
    box->addWidget(m_label);
    m_refusal = new QLabel(this);
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color:#92400e"));
    m_refusal->hide();
    box->addWidget(m_refusal);
    box->addWidget(buttons);
    resize(560, 560);
    // a cell that is not exactly a number refuses the fork (and says which and why): never
    // fork with a value the user did not type
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        const QStringList why = refusals();
        m_refusal->setText(why.join(QLatin1Char('\n')));
        m_refusal->setVisible(!why.isEmpty());
        if (why.isEmpty()) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(addEvent, &QPushButton::clicked, this, [this] {
        EventSpec e;
        e.timeNs = m_tick * m_model.tickNs;
        if (!m_inputKeys.empty()) {
            e.component = m_inputKeys.front().first.toStdString();
            e.input = m_inputKeys.front().second.toStdString();
            e.value = m_now.front();
        }
        addEventRow(e, true);
    });
    connect(removeEvent, &QPushButton::clicked, this, [this] {
        const int r = m_events->currentRow();
        if (r >= 0 && (m_events->item(r, 0)->flags() & Qt::ItemIsEditable)) m_events->removeRow(r);
    });
}

void ForkDialog::addEventRow(const EventSpec& e, bool editable)
{
    const int r = m_events->rowCount();
    m_events->insertRow(r);
    const QStringList cells{QString::number(static_cast<double>(e.timeNs) / 1e9, 'g', 12), QString::fromStdString(e.component),
                            QString::fromStdString(e.input), QString::number(e.value, 'g', 17)};
    for (int c = 0; c < 4; ++c) {
        auto* it = new QTableWidgetItem(cells[c]);
        if (!editable) {
            it->setFlags(it->flags() & ~Qt::ItemIsEditable);
            it->setForeground(Qt::gray);
        }
        // the unedited time stays exact
        it->setData(Qt::UserRole, QVariant::fromValue<qlonglong>(e.timeNs));
        m_events->setItem(r, c, it);
    }
}

QStringList ForkDialog::refusals() const
{
    QStringList out;
    for (int r = 0; r < m_inputs->rowCount(); ++r) {
        if (!(m_inputs->item(r, 2)->flags() & Qt::ItemIsEditable)) continue; // a binding the fork keeps
        const QString why = numberRefusal(m_inputs->item(r, 2)->text(), false);
        if (!why.isEmpty()) out << tr("Input %1 %2: %3").arg(m_inputs->item(r, 0)->text(), m_inputs->item(r, 1)->text(), why);
    }
    for (int r = 0; r < m_events->rowCount(); ++r) {
        if (!(m_events->item(r, 0)->flags() & Qt::ItemIsEditable)) continue;
        const QTableWidgetItem* time = m_events->item(r, 0);
        const bool unedited = QString::number(static_cast<double>(time->data(Qt::UserRole).toLongLong()) / 1e9, 'g', 12) == time->text();
        const QString t = unedited ? QString() : scaledRefusal(time->text(), 9);
        if (!t.isEmpty()) out << tr("Event %1 time: %2").arg(r + 1).arg(t);
        const QString v = numberRefusal(m_events->item(r, 3)->text(), false);
        if (!v.isEmpty()) out << tr("Event %1 value: %2").arg(r + 1).arg(v);
    }
    return out;
}

QVector<InputChange> ForkDialog::inputChanges() const
{
    QVector<InputChange> out;
    for (int r = 0; r < m_inputs->rowCount(); ++r) {
        // a bound input changes only when its binding is replaced (then even at its present value)
        const bool bound = !m_binding[static_cast<std::size_t>(r)].isEmpty();
        const bool replaced = bound && m_inputs->item(r, 3)->checkState() == Qt::Checked;
        if (bound && !replaced) continue;
        const auto parsed = parseNumber(m_inputs->item(r, 2)->text());
        const bool ok = parsed.has_value();
        const double v = parsed.value_or(0.0);
        if (ok && (replaced || v != m_now[static_cast<std::size_t>(r)]))
            out.push_back({m_inputKeys[static_cast<std::size_t>(r)].first, m_inputKeys[static_cast<std::size_t>(r)].second, v});
    }
    return out;
}

std::vector<EventSpec> ForkDialog::events() const
{
    std::vector<EventSpec> out;
    for (int r = 0; r < m_events->rowCount(); ++r) {
        EventSpec e;
        const QTableWidgetItem* t = m_events->item(r, 0);
        const qlonglong original = t->data(Qt::UserRole).toLongLong();
        // the unedited time stays exact; an edited one is read exactly to the nanosecond
        const auto typed = parseScaled(t->text(), 9);
        e.timeNs = QString::number(static_cast<double>(original) / 1e9, 'g', 12) == t->text() || !typed ? original : *typed;
        e.component = m_events->item(r, 1)->text().toStdString();
        e.input = m_events->item(r, 2)->text().toStdString();
        e.value = parseNumber(m_events->item(r, 3)->text()).value_or(e.value);
        out.push_back(e);
    }
    return out;
}

QString ForkDialog::label() const { return m_label->text().trimmed(); }

} // namespace drivelab
