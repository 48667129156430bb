// SweepForm, the second half: the sweep built from the form's text (through the core's reader),
// the refusals marked on their cells, the live variant count.
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QStyle>
#include <QTableWidget>

#include "document/numbers.h"
#include "study/sweepform.h"

namespace drivelab {
namespace {

const QColor kRefused(0xfd, 0xec, 0xee);

QStringList listItems(const QString& s)
{
    const bool comma = QLocale().decimalPoint() == QStringLiteral(",");
    static const QRegularExpression sepPoint(QStringLiteral("[;\\s,]+"));
    static const QRegularExpression sepComma(QStringLiteral("[;\\s]+"));
    return s.split(comma ? sepComma : sepPoint, Qt::SkipEmptyParts);
}

void markSweepField(QWidget* w, bool on, const QString& tip)
{
    w->setProperty("problem", on);
    w->setToolTip(tip);
    w->style()->unpolish(w);
    w->style()->polish(w);
}

} // namespace

void SweepForm::addProblem(QTableWidget* table, int row, int column, const QString& what, const QString& message)
{
    const QString header = table->horizontalHeaderItem(column)->text();
    m_problemLines << tr("%1, %2: %3").arg(what, header, message);
    if (QWidget* w = table->cellWidget(row, column)) {
        markSweepField(w, true, message);
    } else if (QTableWidgetItem* i = table->item(row, column)) {
        const bool was = m_filling;
        m_filling = true;
        i->setBackground(QBrush(kRefused));
        i->setToolTip(message);
        m_filling = was;
    }
}

void SweepForm::clearProblems()
{
    m_problemLines.clear();
    for (int r = 0; r < m_factors->rowCount(); ++r) {
        updateFactorRow(r);
        for (int c : {FKind, FScale}) markSweepField(m_factors->cellWidget(r, c), false, QString());
    }
    for (int r = 0; r < m_metrics->rowCount(); ++r) {
        updateMetricRow(r);
        for (int c : {MReduce, MObservable, MComponent, MDirection}) markSweepField(m_metrics->cellWidget(r, c), false, QString());
    }
    for (QWidget* w : {static_cast<QWidget*>(m_design), static_cast<QWidget*>(m_samples), static_cast<QWidget*>(m_seed)})
        markSweepField(w, false, QString());
    m_problems->clear();
    m_problems->hide();
}

QLineEdit* SweepForm::designField(const QString& key) const { return key == QStringLiteral("seed") ? m_seed : m_samples; }

std::optional<study::SweepSpec> SweepForm::build(bool markThem)
{
    if (markThem) clearProblems();
    bool ok = true;
    const auto refuse = [&](QTableWidget* t, int row, int column, const QString& what, const QString& message) {
        ok = false;
        if (markThem) addProblem(t, row, column, what, message);
    };
    const auto number = [&](QTableWidget* t, int row, int column, const QString& what, bool whole, Json& out) {
        const QString s = cellText(t, row, column);
        const QString why = s.isEmpty() ? tr("is empty") : numberRefusal(normalizeDecimal(s), whole);
        if (!why.isEmpty()) {
            refuse(t, row, column, what, why);
            return false;
        }
        out = *parseNumber(normalizeDecimal(s));
        if (whole) out = static_cast<std::int64_t>(out.get<double>());
        return true;
    };
    Json root = Json::object();
    root["format"] = study::kSweepFormat;
    root["version"] = study::kSweepVersion;
    if (m_source.is_object() && m_source.contains("description")) root["description"] = m_source["description"];
    root["lab"] = "";
    const int design = m_design->currentIndex();
    const bool grid = design == 0;
    if (grid) {
        root["design"] = "grid";
    } else {
        Json d = Json::object();
        d["kind"] = m_design->currentText().toStdString();
        for (const char* key : {"samples", "seed"}) {
            QLineEdit* e = designField(QString::fromLatin1(key));
            const QString why = e->text().trimmed().isEmpty() ? tr("is empty") : numberRefusal(e->text().trimmed(), true);
            if (!why.isEmpty()) {
                ok = false;
                if (markThem) {
                    m_problemLines << tr("design, %1: %2").arg(QString::fromLatin1(key), why);
                    markSweepField(e, true, why);
                }
                continue;
            }
            d[key] = *parseWholeNumber(e->text().trimmed());
        }
        root["design"] = d;
    }
    Json factors = Json::array();
    for (int r = 0; r < m_factors->rowCount(); ++r) {
        const QString path = cellText(m_factors, r, FPath);
        const QString what = tr("factor %1 (%2)").arg(r + 1).arg(path.isEmpty() ? tr("no path") : path);
        Json f = Json::object();
        f["path"] = path.toStdString();
        const int kind = combo(m_factors, r, FKind)->currentIndex();
        if (path.isEmpty()) refuse(m_factors, r, FPath, what, tr("is empty: give a value path"));
        if (kind == 0) {
            Json values = Json::array();
            const QStringList items = listItems(cellText(m_factors, r, FValues));
            if (items.isEmpty()) refuse(m_factors, r, FValues, what, tr("is empty: give one or more numbers"));
            for (const QString& item : items) {
                const QString why = numberRefusal(normalizeDecimal(item), false);
                if (!why.isEmpty()) {
                    refuse(m_factors, r, FValues, what, tr("'%1' %2").arg(item, why));
                    break;
                }
                values.push_back(*parseNumber(normalizeDecimal(item)));
            }
            f["values"] = values;
        } else {
            Json o = Json::object();
            const bool range = kind == 1;
            const QString scale = combo(m_factors, r, FScale)->currentText();
            const bool normal = !range && scale == QStringLiteral("normal");
            if (!range) o["distribution"] = scale.toStdString();
            Json v;
            if (number(m_factors, r, FFrom, what, false, v)) o[range ? "from" : normal ? "mean" : "low"] = v;
            if (number(m_factors, r, FTo, what, false, v)) o[range ? "to" : normal ? "std" : "high"] = v;
            if (grid && number(m_factors, r, FCount, what, true, v)) o["count"] = v;
            if (grid && !range && number(m_factors, r, FSeed, what, true, v)) o["seed"] = v;
            if (range) o["scale"] = scale.toStdString();
            f[range ? "range" : "random"] = o;
        }
        factors.push_back(f);
    }
    root["factors"] = factors;
    Json metrics = Json::array();
    for (int r = 0; r < m_metrics->rowCount(); ++r) {
        const QString name = cellText(m_metrics, r, MName);
        const QString what = tr("metric %1 (%2)").arg(r + 1).arg(name.isEmpty() ? tr("no name") : name);
        Json m = Json::object();
        m["name"] = name.toStdString();
        const auto reduce = static_cast<study::Reduction>(combo(m_metrics, r, MReduce)->currentIndex());
        m["reduce"] = study::reductionName(reduce);
        if (reduce == study::Reduction::LockTime) {
            m["component"] = combo(m_metrics, r, MComponent)->currentText().trimmed().toStdString();
        } else if (reduce != study::Reduction::TotalHeat) {
            m["observable"] = combo(m_metrics, r, MObservable)->currentText().trimmed().toStdString();
            if (reduce == study::Reduction::FirstCrossing) {
                Json v;
                if (number(m_metrics, r, MLevel, what, false, v)) m["level"] = v;
                m["direction"] = combo(m_metrics, r, MDirection)->currentText().toStdString();
            }
        }
        metrics.push_back(m);
    }
    root["metrics"] = metrics;
    std::optional<study::SweepSpec> spec;
    if (ok) {
        Diagnostics d;
        spec = study::readSweepJson(root, d);
        if (!spec && markThem) showDiagnostics(d);
    }
    if (markThem && !m_problemLines.isEmpty()) {
        m_problems->setText(m_problemLines.join(QLatin1Char('\n')));
        m_problems->show();
    }
    return spec;
}

void SweepForm::showDiagnostics(const Diagnostics& diags)
{
    static const QRegularExpression item(QStringLiteral("^(factors|metrics)\\[(\\d+)\\](?:\\.(.*))?$"));
    for (const Diagnostic& d : diags.items()) {
        const QString field = QString::fromStdString(d.field);
        const QString message = QString::fromStdString(d.message);
        const QRegularExpressionMatch m = item.match(field);
        const int row = m.hasMatch() ? m.captured(2).toInt() : -1;
        if (m.hasMatch() && m.captured(1) == QStringLiteral("factors") && row < m_factors->rowCount()) {
            const QString rest = m.captured(3);
            const QString key = rest.section(QLatin1Char('.'), -1).section(QLatin1Char('['), 0, 0);
            int column = FPath;
            if (rest.startsWith(QStringLiteral("values")))
                column = FValues;
            else if (key == QStringLiteral("from") || key == QStringLiteral("low") || key == QStringLiteral("mean"))
                column = FFrom;
            else if (key == QStringLiteral("to") || key == QStringLiteral("high") || key == QStringLiteral("std"))
                column = FTo;
            else if (key == QStringLiteral("count"))
                column = FCount;
            else if (key == QStringLiteral("seed"))
                column = FSeed;
            else if (key == QStringLiteral("scale") || key == QStringLiteral("distribution"))
                column = FScale;
            addProblem(m_factors, row, column, tr("factor %1 (%2)").arg(row + 1).arg(cellText(m_factors, row, FPath)), message);
        } else if (m.hasMatch() && m.captured(1) == QStringLiteral("metrics") && row < m_metrics->rowCount()) {
            const QString key = m.captured(3);
            int column = MName;
            if (key == QStringLiteral("reduce"))
                column = MReduce;
            else if (key == QStringLiteral("observable"))
                column = MObservable;
            else if (key == QStringLiteral("component"))
                column = MComponent;
            else if (key == QStringLiteral("level"))
                column = MLevel;
            else if (key == QStringLiteral("direction"))
                column = MDirection;
            addProblem(m_metrics, row, column, tr("metric %1 (%2)").arg(row + 1).arg(cellText(m_metrics, row, MName)), message);
        } else if (field.startsWith(QStringLiteral("design"))) {
            m_problemLines << tr("design: %1").arg(message);
            markSweepField(field.endsWith(QStringLiteral("seed"))      ? m_seed
                           : field.endsWith(QStringLiteral("samples")) ? m_samples
                                                                       : static_cast<QWidget*>(m_design),
                           true, message);
        } else {
            // the lab itself (it does not compile), or the sweep as a whole
            const QString where = d.subject == "-" ? field : QString::fromStdString(d.subject) + QStringLiteral(": ") + field;
            m_problemLines << (where.isEmpty() || where == QStringLiteral("-") ? message : where + QStringLiteral(": ") + message);
        }
    }
    m_problems->setText(m_problemLines.join(QLatin1Char('\n')));
    m_problems->setVisible(!m_problemLines.isEmpty());
}

void SweepForm::updateCount()
{
    const std::optional<study::SweepSpec> s = build(false);
    if (!s) {
        m_count->setText(tr("variants: —"));
        m_count->setToolTip(tr("some field is not complete yet; Run lists what"));
        return;
    }
    std::int64_t n = 1;
    if (s->design != study::DesignKind::Grid) {
        n = s->samples;
    } else {
        for (const study::FactorSpec& f : s->factors) {
            const std::int64_t k = f.kind == study::FactorKind::Values ? static_cast<std::int64_t>(f.values.size()) : f.count;
            n = n > study::kMaxVariants ? n : n * k;
        }
    }
    m_count->setText(n > study::kMaxVariants ? tr("variants: over %L1 (too many)").arg(study::kMaxVariants) : tr("variants: %L1").arg(n));
    m_count->setToolTip(QString());
}

} // namespace drivelab
