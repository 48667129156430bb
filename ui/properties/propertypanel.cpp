#include "properties/propertypanel.h"

#include <QLabel>
#include <QVBoxLayout>

#include "document/labdocument.h"
#include "properties/instanceform.h"
#include "properties/itemform.h"

namespace drivelab {

PropertyPanel::PropertyPanel(LabDocument* document, QWidget* parent) : QScrollArea(parent), m_document(document)
{
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connectDocument();
    rebuild();
}

void PropertyPanel::connectDocument()
{
    connect(m_document, &LabDocument::changed, this, &PropertyPanel::onChanged);
    // an edit's problems arrive with its compile, after the edit
    connect(m_document, &LabDocument::diagnosticsChanged, this, [this] {
        if (m_form) m_form->updateProblems();
        if (m_instanceForm) m_instanceForm->updateProblems();
    });
    connect(m_document, &LabDocument::renamed, this, [this](const QString& from, const QString& to) {
        for (QString& id : m_ids) {
            if (id == from) id = to;
        }
        if (m_form && m_form->itemId() == from) m_form->setItemId(to);
    });
}

void PropertyPanel::setDocument(LabDocument* document)
{
    if (document == m_document) return;
    m_document->disconnect(this);
    m_document = document;
    connectDocument();
    m_ids.clear();
    rebuild();
}

void PropertyPanel::showItems(const QStringList& ids)
{
    if (ids == m_ids && (m_form || m_instanceForm || ids.size() != 1)) return;
    m_ids = ids;
    rebuild();
}

void PropertyPanel::focusField(const QString& id, const FieldRef& field)
{
    showItems({id});
    if (m_form) {
        ensureWidgetVisible(m_form);
        m_form->focusField(field);
    }
}

void PropertyPanel::rebuild()
{
    QWidget* old = takeWidget();
    if (old) old->deleteLater();
    m_form = nullptr;
    m_instanceForm = nullptr;
    const LabSpec& lab = m_document->lab();
    if (m_ids.size() == 1 && lab.findInstance(m_ids.front().toStdString())) {
        m_instanceForm = new InstanceForm(m_document, m_ids.front());
        connect(m_instanceForm, &InstanceForm::hint, this, &PropertyPanel::hint);
        setWidget(m_instanceForm);
        return;
    }
    if (m_ids.size() == 1 && (lab.findNode(m_ids.front().toStdString()) || lab.findComponent(m_ids.front().toStdString()))) {
        m_form = new ItemForm(m_document, m_ids.front());
        connect(m_form, &ItemForm::mapEditorRequested, this, &PropertyPanel::mapEditorRequested);
        connect(m_form, &ItemForm::hint, this, &PropertyPanel::hint);
        connect(m_form, &ItemForm::sweepRequested, this, &PropertyPanel::sweepRequested);
        setWidget(m_form);
        return;
    }
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    m_placeholder = new QLabel(box);
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_placeholder->setStyleSheet(QStringLiteral("color:#6b7280"));
    if (m_ids.size() > 1)
        m_placeholder->setText(tr("%n items selected. Select one item to edit its properties.", nullptr, int(m_ids.size())));
    else
        m_placeholder->setText(tr("Select a node or component on the canvas to edit its properties.\n\n"
                                  "Run settings and events are in the Run settings and Events panels."));
    layout->addWidget(m_placeholder);
    layout->addStretch(1);
    setWidget(box);
}

void PropertyPanel::onChanged(ChangeKind kind)
{
    if (m_ids.size() != 1 || kind == ChangeKind::Layout) return;
    const LabSpec& lab = m_document->lab();
    const std::string id = m_ids.front().toStdString();
    const bool exists = lab.findNode(id) || lab.findComponent(id) || lab.findInstance(id);
    if (!exists) {
        m_ids.clear();
        rebuild();
        return;
    }
    if (m_instanceForm && kind == ChangeKind::Values) {
        m_instanceForm->refresh();
        return;
    }
    if (!m_form)
        rebuild();
    else
        m_form->refresh();
}

} // namespace drivelab
