#include "study/sweepform.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "document/numbers.h"
#include "spec/labpath.h"
#include "study/valuepicker.h"
#include "study/engine.h"

namespace drivelab {

QString cellText(const QTableWidget* t, int row, int column)
{
    const QTableWidgetItem* i = t->item(row, column);
    return i ? i->text().trimmed() : QString();
}

namespace {

const QColor kUnused(0xf1, 0xf2, 0xf4);

QTableWidgetItem* cell(QTableWidget* t, int row, int column)
{
    QTableWidgetItem* i = t->item(row, column);
    if (!i) {
        i = new QTableWidgetItem;
        t->setItem(row, column, i);
    }
    return i;
}

QString formNum(double v) { return formatNumber(v); }

QComboBox* makeCombo(const QStringList& items, bool editable)
{
    auto* c = new QComboBox;
    c->addItems(items);
    c->setEditable(editable);
    c->setFrame(false);
    return c;
}

void selectText(QComboBox* c, const QString& t)
{
    const int i = c->findText(t);
    if (i >= 0)
        c->setCurrentIndex(i);
    else if (c->isEditable())
        c->setEditText(t);
    else {
        c->addItem(t);
        c->setCurrentIndex(c->count() - 1);
    }
}

const QStringList kKinds{QStringLiteral("values"), QStringLiteral("range"), QStringLiteral("random")};
const QStringList kScales{QStringLiteral("linear"), QStringLiteral("log")};
const QStringList kDistributions{QStringLiteral("uniform"), QStringLiteral("log_uniform"), QStringLiteral("normal")};
const QStringList kDirections{QStringLiteral("any"), QStringLiteral("up"), QStringLiteral("down")};
const QStringList kDesigns{QStringLiteral("grid"), QStringLiteral("latin_hypercube"), QStringLiteral("monte_carlo")};

QStringList reductions()
{
    QStringList r;
    for (int i = 0; i <= static_cast<int>(study::Reduction::TotalHeat); ++i)
        r << QString::fromLatin1(study::reductionName(static_cast<study::Reduction>(i)));
    return r;
}

} // namespace

SweepForm::SweepForm(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    auto* top = new QHBoxLayout;
    m_design = makeCombo(kDesigns, false);
    m_design->setFrame(true);
    m_design->setObjectName(QStringLiteral("design"));
    m_design->setToolTip(tr("grid: every combination (the first factor varies slowest); latin_hypercube and monte_carlo: "
                            "`samples` draws with `seed`"));
    m_samples = new QLineEdit(this);
    m_samples->setObjectName(QStringLiteral("samples"));
    m_samples->setPlaceholderText(tr("samples"));
    m_seed = new QLineEdit(this);
    m_seed->setObjectName(QStringLiteral("seed"));
    m_seed->setPlaceholderText(tr("seed"));
    m_jobs = new QSpinBox(this);
    m_jobs->setObjectName(QStringLiteral("jobs"));
    m_jobs->setRange(1, 1024);
    m_jobs->setValue(study::workerCount(0));
    m_jobs->setToolTip(tr("worker threads (default: every core); the results do not depend on it"));
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("variantCount"));
    top->addWidget(new QLabel(tr("Design"), this));
    top->addWidget(m_design);
    top->addWidget(new QLabel(tr("samples"), this));
    top->addWidget(m_samples);
    top->addWidget(new QLabel(tr("seed"), this));
    top->addWidget(m_seed);
    top->addSpacing(16);
    top->addWidget(new QLabel(tr("jobs"), this));
    top->addWidget(m_jobs);
    top->addStretch(1);
    top->addWidget(m_count);
    layout->addLayout(top);

    m_factors = new QTableWidget(0, FColumns, this);
    m_factors->setObjectName(QStringLiteral("factors"));
    m_factors->setHorizontalHeaderLabels({tr("Path"), tr("Now"), tr("Kind"), tr("Values"), tr("From / low / mean"), tr("To / high / std"),
                                          tr("Count"), tr("Scale / distribution"), tr("Seed")});
    m_factors->horizontalHeaderItem(FPath)->setToolTip(tr("a value path (docs/FORMATS.md): engine.inertia, "
                                                          "lockup.clutch.kinetic_ratio, lockup.inputs.capacity, events[1].value"));
    m_factors->horizontalHeaderItem(FValues)->setToolTip(tr("values: numbers separated by spaces, semicolons or commas"));
    m_factors->horizontalHeaderItem(FCount)->setToolTip(tr("points of a range, draws of a random factor (grid only)"));
    m_factors->horizontalHeaderItem(FSeed)->setToolTip(tr("seed of a random factor's draws (grid only)"));
    m_factors->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_factors->horizontalHeader()->setSectionResizeMode(FPath, QHeaderView::Stretch);
    m_factors->verticalHeader()->setVisible(false);
    m_metrics = new QTableWidget(0, MColumns, this);
    m_metrics->setObjectName(QStringLiteral("metrics"));
    m_metrics->setHorizontalHeaderLabels({tr("Name"), tr("Reduce"), tr("Observable"), tr("Component"), tr("Level"), tr("Direction")});
    m_metrics->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_metrics->horizontalHeader()->setSectionResizeMode(MObservable, QHeaderView::Stretch);
    m_metrics->verticalHeader()->setVisible(false);

    const auto buttons = [this](QTableWidget* table, const QString& add, const std::function<void()>& onAdd) {
        auto* row = new QHBoxLayout;
        auto* a = new QPushButton(add, this);
        auto* r = new QPushButton(tr("Remove"), this);
        a->setObjectName(table->objectName() + QStringLiteral("Add"));
        r->setObjectName(table->objectName() + QStringLiteral("Remove"));
        connect(a, &QPushButton::clicked, this, onAdd);
        connect(r, &QPushButton::clicked, this, [this, table] {
            const int i = table->currentRow();
            if (i < 0) return;
            table->removeRow(i);
            updateCount();
            emit edited();
        });
        row->addWidget(a);
        row->addWidget(r);
        row->addStretch(1);
        return row;
    };
    auto* fl = new QLabel(tr("<b>Factors</b> — right-click a number in the Properties panel: <i>Sweep this</i>"), this);
    layout->addWidget(fl);
    layout->addWidget(m_factors, 3);
    QHBoxLayout* factorButtons = buttons(m_factors, tr("Add Factor"), [this] {
        addFactor();
    });
    // the lab's numbers to choose from, instead of typing a path (valuepicker.h)
    m_pick = new QPushButton(tr("Pick from Lab"), this);
    m_pick->setObjectName(QStringLiteral("factorsPick"));
    m_pick->setStatusTip(tr("Add a factor on one of the lab's numbers: node fields, parameters, inputs, oil, events, run"));
    auto* pickMenu = new QMenu(m_pick);
    connect(pickMenu, &QMenu::aboutToShow, this, [this, pickMenu] {
        fillValueMenu(pickMenu, m_lab, [this](const QString& path) {
            addFactorFor(path);
        });
    });
    m_pick->setMenu(pickMenu);
    factorButtons->insertWidget(1, m_pick);
    layout->addLayout(factorButtons);
    layout->addWidget(new QLabel(tr("<b>Metrics</b> — one number per run"), this));
    layout->addWidget(m_metrics, 2);
    layout->addLayout(buttons(m_metrics, tr("Add Metric"), [this] {
        addMetric();
    }));
    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("sweepProblems"));
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problems->setStyleSheet(
        QStringLiteral("QLabel{background:#fdecee;border:1px solid #f3b4ba;border-radius:4px;padding:6px;color:#8f1119}"));
    m_problems->hide();
    layout->addWidget(m_problems);

    connect(m_factors, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* i) {
        if (m_filling) return;
        if (i->column() == FPath) updateNow(i->row());
        updateCount();
        emit edited();
    });
    connect(m_metrics, &QTableWidget::itemChanged, this, [this] {
        if (m_filling) return;
        updateCount();
        emit edited();
    });
    const auto designChanged = [this] {
        const bool grid = m_design->currentIndex() == 0;
        m_samples->setEnabled(!grid);
        m_seed->setEnabled(!grid);
        for (int r = 0; r < m_factors->rowCount(); ++r) updateFactorRow(r);
        updateCount();
        emit edited();
    };
    connect(m_design, &QComboBox::currentIndexChanged, this, designChanged);
    for (QLineEdit* e : {m_samples, m_seed})
        connect(e, &QLineEdit::textEdited, this, [this] {
            updateCount();
            emit edited();
        });
    m_samples->setEnabled(false);
    m_seed->setEnabled(false);
    updateCount();
}

void SweepForm::setLab(const LabSpec& lab, const QStringList& observables, const QStringList& lockables)
{
    m_lab = lab;
    m_observables = observables;
    m_lockables = lockables;
    for (int r = 0; r < m_factors->rowCount(); ++r) updateNow(r);
    for (int r = 0; r < m_metrics->rowCount(); ++r) {
        for (int c : {MObservable, MComponent}) {
            QComboBox* box = combo(m_metrics, r, c);
            const QString keep = box->currentText();
            box->blockSignals(true);
            box->clear();
            box->addItems(c == MObservable ? m_observables : m_lockables);
            box->setEditText(keep);
            box->blockSignals(false);
        }
    }
}

QComboBox* SweepForm::combo(QTableWidget* table, int row, int column) const
{
    return qobject_cast<QComboBox*>(table->cellWidget(row, column));
}

int SweepForm::jobs() const { return m_jobs->value(); }
void SweepForm::setJobs(int jobs) { m_jobs->setValue(jobs); }

void SweepForm::addFactor()
{
    study::FactorSpec f;
    f.kind = study::FactorKind::Values;
    const int row = m_factors->rowCount();
    m_factors->insertRow(row);
    setFactorRow(row, f);
    cell(m_factors, row, FValues)->setText(QString());
    m_factors->setCurrentCell(row, FPath);
    updateCount();
}

void SweepForm::addFactorFor(const QString& path)
{
    for (int r = 0; r < m_factors->rowCount(); ++r) {
        if (cellText(m_factors, r, FPath) == path) {
            m_factors->setCurrentCell(r, FFrom);
            return;
        }
    }
    study::FactorSpec f;
    f.path = path.toStdString();
    f.kind = study::FactorKind::Range;
    f.count = 5;
    double v = 0.0;
    std::string why;
    getLabValue(m_lab, f.path, v, why);
    // twelve significant digits: 1.2, not 1.2000000000000002 (the cell holds what it shows)
    const auto round = [](double x) {
        return QString::number(x, 'g', 12).toDouble();
    };
    f.from = v == 0.0 ? 0.0 : round(0.5 * v);
    f.to = v == 0.0 ? 1.0 : round(1.5 * v);
    const int row = m_factors->rowCount();
    m_factors->insertRow(row);
    setFactorRow(row, f);
    m_factors->setCurrentCell(row, FFrom);
    updateCount();
    emit edited();
}

void SweepForm::addMetric()
{
    study::MetricSpec m;
    m.name = "metric" + std::to_string(m_metrics->rowCount() + 1);
    if (!m_observables.isEmpty()) m.observable = m_observables.front().toStdString();
    const int row = m_metrics->rowCount();
    m_metrics->insertRow(row);
    setMetricRow(row, m);
    m_metrics->setCurrentCell(row, MName);
    updateCount();
}

void SweepForm::setSpec(const study::SweepSpec& s)
{
    m_filling = true;
    m_source = s.source;
    m_design->setCurrentIndex(static_cast<int>(s.design));
    m_samples->setText(s.design == study::DesignKind::Grid ? QString() : QString::number(s.samples));
    m_seed->setText(s.design == study::DesignKind::Grid ? QString() : QString::number(s.seed));
    m_factors->setRowCount(0);
    m_metrics->setRowCount(0);
    for (const study::FactorSpec& f : s.factors) {
        m_factors->insertRow(m_factors->rowCount());
        setFactorRow(m_factors->rowCount() - 1, f);
    }
    for (const study::MetricSpec& m : s.metrics) {
        m_metrics->insertRow(m_metrics->rowCount());
        setMetricRow(m_metrics->rowCount() - 1, m);
    }
    m_filling = false;
    clearProblems();
    updateCount();
}

void SweepForm::setFactorRow(int row, const study::FactorSpec& f)
{
    const bool was = m_filling;
    m_filling = true;
    cell(m_factors, row, FPath)->setText(QString::fromStdString(f.path));
    QTableWidgetItem* now = cell(m_factors, row, FNow);
    now->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    auto* kind = makeCombo(kKinds, false);
    kind->setCurrentIndex(static_cast<int>(f.kind));
    m_factors->setCellWidget(row, FKind, kind);
    auto* scale = makeCombo({}, false);
    m_factors->setCellWidget(row, FScale, scale);
    QStringList values;
    for (double v : f.values) values << formNum(v);
    cell(m_factors, row, FValues)->setText(values.join(QStringLiteral(", ")));
    const bool listed = f.kind == study::FactorKind::Values;
    cell(m_factors, row, FFrom)->setText(listed ? QString() : formNum(f.kind == study::FactorKind::Range ? f.from : f.a));
    cell(m_factors, row, FTo)->setText(listed ? QString() : formNum(f.kind == study::FactorKind::Range ? f.to : f.b));
    cell(m_factors, row, FCount)->setText(f.count > 0 ? QString::number(f.count) : QString());
    cell(m_factors, row, FSeed)->setText(f.kind == study::FactorKind::Random && f.count > 0 ? QString::number(f.seed) : QString());
    updateFactorRow(row);
    if (f.kind == study::FactorKind::Range) scale->setCurrentIndex(f.logScale ? 1 : 0);
    if (f.kind == study::FactorKind::Random) scale->setCurrentIndex(static_cast<int>(f.distribution));
    // a combo finds its row when it fires (rows move when others are removed)
    const auto rowOf = [this](QWidget* w) {
        for (int r = 0; r < m_factors->rowCount(); ++r)
            if (m_factors->cellWidget(r, FKind) == w || m_factors->cellWidget(r, FScale) == w) return r;
        return -1;
    };
    connect(kind, &QComboBox::currentIndexChanged, this, [this, kind, rowOf] {
        if (const int r = rowOf(kind); r >= 0) updateFactorRow(r);
        updateCount();
        emit edited();
    });
    connect(scale, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling) return;
        updateCount();
        emit edited();
    });
    m_filling = was;
    updateNow(row);
}

void SweepForm::updateFactorRow(int row)
{
    QComboBox* kind = combo(m_factors, row, FKind);
    QComboBox* scale = combo(m_factors, row, FScale);
    if (!kind || !scale) return;
    const int k = kind->currentIndex();
    const bool grid = m_design->currentIndex() == 0;
    const QStringList want = k == 1 ? kScales : k == 2 ? kDistributions : QStringList();
    QStringList have;
    for (int i = 0; i < scale->count(); ++i) have << scale->itemText(i);
    if (have != want) {
        const bool was = m_filling;
        m_filling = true;
        scale->clear();
        scale->addItems(want);
        m_filling = was;
    }
    scale->setEnabled(k != 0);
    const bool was = m_filling;
    m_filling = true;
    // fields the kind (and the design) do not use keep their text, greyed and read-only
    const bool used[FColumns] = {true, false, true, k == 0, k != 0, k != 0, k != 0 && grid, k != 0, k == 2 && grid};
    for (int c : {FValues, FFrom, FTo, FCount, FSeed}) {
        QTableWidgetItem* i = cell(m_factors, row, c);
        i->setFlags(used[c] ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::ItemIsSelectable);
        i->setBackground(used[c] ? QBrush() : QBrush(kUnused));
        i->setToolTip(QString());
    }
    cell(m_factors, row, FPath)->setBackground(QBrush());
    cell(m_factors, row, FPath)->setToolTip(QString());
    m_filling = was;
}

void SweepForm::updateNow(int row)
{
    const bool was = m_filling;
    m_filling = true;
    QTableWidgetItem* now = cell(m_factors, row, FNow);
    double v = 0.0;
    std::string why;
    const QString path = cellText(m_factors, row, FPath);
    if (path.isEmpty()) {
        now->setText(QString());
        now->setToolTip(QString());
    } else if (getLabValue(m_lab, path.toStdString(), v, why)) {
        now->setText(formNum(v));
        now->setForeground(QBrush());
        now->setToolTip(tr("the value in the open lab now"));
    } else {
        now->setText(tr("✗ no value"));
        now->setForeground(QBrush(QColor(0xb3, 0x13, 0x1f)));
        now->setToolTip(QString::fromStdString(why));
    }
    m_filling = was;
}

void SweepForm::setMetricRow(int row, const study::MetricSpec& m)
{
    const bool was = m_filling;
    m_filling = true;
    cell(m_metrics, row, MName)->setText(QString::fromStdString(m.name));
    auto* reduce = makeCombo(reductions(), false);
    reduce->setCurrentIndex(static_cast<int>(m.reduce));
    m_metrics->setCellWidget(row, MReduce, reduce);
    auto* obs = makeCombo(m_observables, true);
    selectText(obs, QString::fromStdString(m.observable));
    m_metrics->setCellWidget(row, MObservable, obs);
    auto* comp = makeCombo(m_lockables, true);
    selectText(comp, QString::fromStdString(m.component));
    m_metrics->setCellWidget(row, MComponent, comp);
    cell(m_metrics, row, MLevel)->setText(m.reduce == study::Reduction::FirstCrossing ? formNum(m.level) : QString());
    auto* dir = makeCombo(kDirections, false);
    dir->setCurrentIndex(m.direction > 0 ? 1 : m.direction < 0 ? 2 : 0);
    m_metrics->setCellWidget(row, MDirection, dir);
    updateMetricRow(row);
    connect(reduce, &QComboBox::currentIndexChanged, this, [this, reduce] {
        for (int r = 0; r < m_metrics->rowCount(); ++r)
            if (m_metrics->cellWidget(r, MReduce) == reduce) updateMetricRow(r);
        updateCount();
        emit edited();
    });
    for (QComboBox* c : {obs, comp, dir}) {
        connect(c, &QComboBox::currentTextChanged, this, [this] {
            if (m_filling) return;
            updateCount();
            emit edited();
        });
    }
    m_filling = was;
}

void SweepForm::updateMetricRow(int row)
{
    const auto r = static_cast<study::Reduction>(combo(m_metrics, row, MReduce)->currentIndex());
    const bool lock = r == study::Reduction::LockTime, heat = r == study::Reduction::TotalHeat;
    const bool crossing = r == study::Reduction::FirstCrossing;
    combo(m_metrics, row, MObservable)->setEnabled(!lock && !heat);
    combo(m_metrics, row, MComponent)->setEnabled(lock);
    combo(m_metrics, row, MDirection)->setEnabled(crossing);
    const bool was = m_filling;
    m_filling = true;
    QTableWidgetItem* level = cell(m_metrics, row, MLevel);
    level->setFlags(crossing ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::ItemIsSelectable);
    level->setBackground(crossing ? QBrush() : QBrush(kUnused));
    cell(m_metrics, row, MName)->setBackground(QBrush());
    m_filling = was;
}

QString SweepForm::problemsText() const { return m_problemLines.join(QLatin1Char('\n')); }

} // namespace drivelab
