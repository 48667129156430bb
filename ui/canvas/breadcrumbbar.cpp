#include "canvas/breadcrumbbar.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

#include "actionset.h"
#include "canvas/partnavigator.h"
#include "document/partfilesession.h"

namespace drivelab {

BreadcrumbBar::BreadcrumbBar(PartNavigator* navigator, ActionSet* actions, QWidget* parent)
    : QWidget(parent), m_navigator(navigator)
{
    setObjectName(QStringLiteral("breadcrumbBar"));
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(6, 2, 6, 2);
    row->setSpacing(4);
    for (QAction* a : {actions->partBack, actions->partUp}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        row->addWidget(b);
    }
    m_path = new QHBoxLayout;
    m_path->setSpacing(2);
    row->addLayout(m_path);
    row->addStretch(1);
    // a part file shown: its file, unsaved or not, and Save Part File
    m_file = new QLabel(this);
    m_file->setObjectName(QStringLiteral("partFileLabel"));
    row->addWidget(m_file);
    m_save = new QToolButton(this);
    m_save->setDefaultAction(actions->savePart);
    row->addWidget(m_save);
    setAutoFillBackground(true);
    setStyleSheet(QStringLiteral("drivelab--BreadcrumbBar { background: #eef2f7; border-bottom: 1px solid #c9d3df; }"));
    connect(navigator, &PartNavigator::pathChanged, this, &BreadcrumbBar::rebuild);
    connect(navigator, &PartNavigator::partFileChanged, this, &BreadcrumbBar::rebuild);
    rebuild();
}

QStringList BreadcrumbBar::levels() const
{
    QStringList out;
    for (const QToolButton* b : m_levels) out << b->text();
    return out;
}

void BreadcrumbBar::rebuild()
{
    while (QLayoutItem* item = m_path->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    m_levels.clear();
    const QStringList crumbs = m_navigator->crumbs();
    for (int depth = 0; depth < crumbs.size(); ++depth) {
        if (depth > 0) m_path->addWidget(new QLabel(QStringLiteral("›"), this));
        auto* b = new QToolButton(this);
        b->setText(crumbs[depth]);
        b->setAutoRaise(true);
        // the level shown is bold and not a link
        const bool current = depth == crumbs.size() - 1;
        QFont f = b->font();
        f.setBold(current);
        b->setFont(f);
        b->setEnabled(!current);
        connect(b, &QToolButton::clicked, this, [this, depth] { m_navigator->goTo(depth); });
        m_path->addWidget(b);
        m_levels << b;
    }
    const PartFileSession* file = m_navigator->session();
    m_file->setVisible(file);
    m_save->setVisible(file);
    if (file)
        m_file->setText(file->isModified() ? tr("part file %1 — unsaved edits").arg(QFileInfo(file->file()).fileName())
                                           : tr("part file %1").arg(QFileInfo(file->file()).fileName()));
    setVisible(m_navigator->canGoUp() || m_navigator->canGoBack());
}

} // namespace drivelab
