#include "plots/plotarea.h"

#include <QMenu>

#include "plots/derivedchannel.h"
#include "plots/observablepicker.h"
#include "plots/plotpanel.h"
#include "solver/session.h"

namespace drivelab {

// PlotArea's ways of adding series: the observable picker (observables and derived channels),
// drops of canvas items, the plots' context menu

void PlotArea::showPicker()
{
    if (!m_picker) {
        m_picker = new ObservablePicker(this);
        connect(m_picker, &ObservablePicker::picked, this, [this](const QStringList& s, const QStringList& n, bool newPlot) {
            addObservables(newPlot ? nullptr : currentPanel(), s, n);
        });
        connect(m_picker, &ObservablePicker::derivedWanted, this, [this](const DerivedDefinition& d, bool newPlot) {
            QString error;
            const bool ok = addDerivedChannel(newPlot ? nullptr : currentPanel(), d, &error);
            m_picker->setDerivedError(ok ? QString() : error);
            if (ok) emit hint(tr("Derived channel %1 = %2 added").arg(d.name, d.expression));
        });
    }
    m_picker->setObservableLayout(m_layout, m_model.get());
    m_picker->show();
    m_picker->raise();
}

bool PlotArea::addObservables(PlotPanel* panel, const QStringList& subjects, const QStringList& names)
{
    if (subjects.isEmpty()) return false;
    if (!panel) panel = addPanel(subjects.front() + QLatin1Char('.') + names.front(), {});
    bool any = false;
    for (int i = 0; i < subjects.size() && i < names.size(); ++i) any = panel->addKey({subjects[i], names[i], {}}) || any;
    m_current = panel;
    refresh(true);
    return any;
}

bool PlotArea::addDerivedChannel(PlotPanel* panel, const DerivedDefinition& d, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (!DerivedChannel::validName(d.name))
        return fail(tr("The channel's name \"%1\" must start with a letter and hold only letters, digits and _.").arg(d.name));
    for (const auto& c : m_derived) {
        if (c->definition().name == d.name) return fail(tr("There is a derived channel named %1 already.").arg(d.name));
    }
    if (m_layout.empty()) return fail(tr("Run the lab first: a derived channel is computed from the run's samples."));
    QString why;
    std::unique_ptr<DerivedChannel> c = DerivedChannel::compile(d, m_layout, &why);
    if (!c) return fail(why);
    m_derived.push_back(std::move(c));
    if (!panel) panel = addPanel(d.name, {});
    panel->addKey({QString::fromLatin1(kDerivedSubject), d.name, {}});
    m_current = panel;
    refresh(true);
    return true;
}

void PlotArea::itemDropped(PlotPanel* p, const QString& id, const QPoint& globalPos)
{
    QMenu menu(this);
    QStringList names;
    for (const auto& r : m_layout) {
        if (QString::fromStdString(r.subject) == id) names << QString::fromStdString(r.name);
    }
    if (names.isEmpty()) {
        emit hint(tr("%1 has no observables in this run (run the lab first)").arg(id));
        return;
    }
    for (const QString& n : names)
        menu.addAction(n, this, [this, p, id, n] {
            addObservables(p, {id}, {n});
        });
    menu.addSeparator();
    menu.addAction(tr("All of %1").arg(id), this, [this, p, id, names] {
        addObservables(p, QStringList(names.size(), id), names);
    });
    menu.exec(globalPos);
}

void PlotArea::contextMenu(PlotPanel* p, const QPoint& globalPos)
{
    m_current = p;
    QMenu menu(this);
    QMenu* add = menu.addMenu(tr("Add Observable"));
    QMenu* sub = nullptr;
    QString subject;
    for (const auto& r : m_layout) {
        const QString s = QString::fromStdString(r.subject), n = QString::fromStdString(r.name);
        if (!sub || s != subject) {
            sub = add->addMenu(s);
            subject = s;
        }
        sub->addAction(n, this, [this, p, s, n] {
            addObservables(p, {s}, {n});
        });
    }
    if (!m_derived.empty()) {
        QMenu* derived = add->addMenu(tr("Derived Channels"));
        for (const auto& c : m_derived) {
            const QString n = c->definition().name;
            derived->addAction(n + QStringLiteral(" = ") + c->definition().expression, this, [this, p, n] {
                addObservables(p, {QString::fromLatin1(kDerivedSubject)}, {n});
            });
        }
    }
    QMenu* remove = menu.addMenu(tr("Remove Observable"));
    for (int i = 0; i < p->keys().size(); ++i)
        remove->addAction(p->keys()[i].text(), this, [p, i] {
            p->removeKey(i);
        });
    menu.addAction(tr("Remove Plot"), this, [this, p] {
        removePanel(p);
    });
    menu.addSeparator();
    menu.addAction(tr("Fit Whole Run"), this, &PlotArea::fit);
    QAction* follow = menu.addAction(tr("Follow"), this, &PlotArea::setFollow);
    follow->setCheckable(true);
    follow->setChecked(m_follow);
    menu.addSeparator();
    menu.addAction(tr("Export CSV…"), this, &PlotArea::exportCsvDialog);
    menu.addAction(tr("Export PNG…"), this, &PlotArea::exportPngDialog);
    menu.exec(globalPos);
}

} // namespace drivelab
