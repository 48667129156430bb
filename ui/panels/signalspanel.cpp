#include "panels/signalspanel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QStyle>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "commands/addsignalcommand.h"
#include "commands/removesignalcommand.h"
#include "commands/setvaluecommand.h"
#include "components/descriptors.h"
#include "document/labdocument.h"
#include "document/signaledit.h"
#include "panels/signalform.h"
#include <QListWidget>
#include "spec/specedit.h"

namespace drivelab {
namespace {

constexpr int kIdRole = Qt::UserRole + 1;

QToolButton* toolButton(QWidget* parent, const QString& text, const QString& tip)
{
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setStatusTip(tip);
    b->setAutoRaise(true);
    return b;
}

// a free id from a file name ("Launch trace.csv" -> "Launch_trace"), else signal<n>
std::string idFromFile(const LabSpec& lab, const QString& path)
{
    QString base = QFileInfo(path).completeBaseName();
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
    const std::string b = base.left(static_cast<int>(kMaxIdLength)).toStdString();
    if (isValidId(b) && !lab.idTaken(b)) return b;
    return uniqueId(lab, "signal");
}

} // namespace

SignalsPanel::SignalsPanel(LabDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    auto* root = new QHBoxLayout(this);
    root->setContentsMargins(2, 2, 2, 2);
    root->setSpacing(6);
    auto* side = new QVBoxLayout;
    side->setSpacing(2);
    auto* bar = new QHBoxLayout;
    bar->setSpacing(2);
    auto* add = toolButton(this, tr("New"), tr("Add a signal of a kind"));
    add->setPopupMode(QToolButton::InstantPopup);
    auto* menu = new QMenu(add);
    for (const char* k : signalKinds()) {
        const QString kind = QString::fromLatin1(k);
        if (kind == QLatin1String("csv")) continue; // Import CSV… makes those
        QAction* a = menu->addAction(kind, this, [this, kind] {
            addSignal(kind);
        });
        a->setStatusTip(QCoreApplication::translate("SignalKinds", signalKindDoc(k)));
    }
    add->setMenu(menu);
    auto* import = toolButton(this, tr("Import CSV…"), tr("Read a two-column CSV file (time [s], value) into a signal"));
    m_delete = toolButton(this, tr("Delete"), tr("Delete the selected signal"));
    for (QToolButton* b : {add, import, m_delete}) bar->addWidget(b);
    bar->addStretch(1);
    side->addLayout(bar);
    m_list = new QListWidget(this);
    m_list->setIconSize(QSize(14, 14));
    m_list->installEventFilter(this);
    m_list->setStatusTip(tr("The lab's time signals: drive component inputs with them (Properties ▸ input ▸ signal)"));
    side->addWidget(m_list, 1);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color:#8f1119"));
    m_message->hide();
    side->addWidget(m_message);
    auto* sideBox = new QWidget(this);
    sideBox->setLayout(side);
    sideBox->setMinimumWidth(110); // narrower than its buttons' hint: the window's minimum width follows the bottom dock
    sideBox->setMaximumWidth(260);
    root->addWidget(sideBox);

    m_stack = new QStackedWidget(this);
    m_empty = new QLabel(tr("No signals yet. <b>New</b> adds a table, sine, ramp or step; <b>Import CSV…</b> reads a measured trace. "
                            "Then bind a component input to it in the Properties panel."),
                         m_stack);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setStyleSheet(QStringLiteral("color:#6b7280; padding:6px"));
    m_form = new SignalForm(document, m_stack);
    m_stack->addWidget(m_empty);
    m_stack->addWidget(m_form);
    root->addWidget(m_stack, 1);

    connect(import, &QToolButton::clicked, this, &SignalsPanel::importCsvDialog);
    connect(m_delete, &QToolButton::clicked, this, &SignalsPanel::removeCurrent);
    connect(m_form, &SignalForm::hint, this, &SignalsPanel::hint);
    connect(m_list, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        m_form->setSignalId(item ? item->data(kIdRole).toString() : QString());
        m_stack->setCurrentWidget(item ? static_cast<QWidget*>(m_form) : m_empty);
        m_delete->setEnabled(item != nullptr);
    });
    connectDocument();
    rebuildList({});
}

void SignalsPanel::connectDocument()
{
    connect(m_document, &LabDocument::changed, this, [this](ChangeKind kind, const QStringList& ids) {
        if (kind == ChangeKind::Layout) return;
        if (kind == ChangeKind::Reset) m_message->hide();
        rebuildList(ids);
    });
    // an edit's problems arrive with its compile, after the edit's event
    connect(m_document, &LabDocument::diagnosticsChanged, this, [this] {
        markList();
        m_form->updateProblems();
    });
}

void SignalsPanel::setDocument(LabDocument* document)
{
    if (document == m_document) return;
    m_document->disconnect(this);
    m_document = document;
    connectDocument();
    m_message->hide();
    {
        const QSignalBlocker block(m_list);
        m_list->clear(); // the other document's ids: rebuildList selects its first signal
    }
    m_form->setDocument(document);
    rebuildList({});
}

void SignalsPanel::rebuildList(const QStringList& changedIds)
{
    const LabSpec& lab = m_document->lab();
    QString current = currentId();
    // a rename names the old id first, then the new one: follow it
    if (changedIds.size() == 2 && changedIds[0] == current && !lab.findSignal(current.toStdString()) &&
        lab.findSignal(changedIds[1].toStdString()))
        current = changedIds[1];
    // a signal just added: select it
    if (changedIds.size() == 1 && lab.findSignal(changedIds[0].toStdString()) && !ids().contains(changedIds[0])) current = changedIds[0];
    const QSignalBlocker block(m_list);
    m_list->clear();
    QListWidgetItem* select = nullptr;
    for (const SignalSpec& s : lab.timeSignals) {
        const QString id = QString::fromStdString(s.id);
        auto* item = new QListWidgetItem(QStringLiteral("%1  ·  %2").arg(id, QString::fromStdString(s.kind)), m_list);
        item->setData(kIdRole, id);
        const auto uses = signalUses(lab, s.id);
        QStringList drives;
        for (const auto& u : uses) drives << QString::fromStdString(u.component + "." + u.input);
        item->setToolTip(drives.isEmpty() ? tr("drives no input yet") : tr("drives %1").arg(drives.join(QStringLiteral(", "))));
        if (id == current) select = item;
    }
    markList();
    if (!select && m_list->count() > 0) select = m_list->item(0);
    m_list->setCurrentItem(select);
    const QString id = select ? select->data(kIdRole).toString() : QString();
    if (id != m_form->signalId())
        m_form->setSignalId(id);
    else
        m_form->refresh();
    m_stack->setCurrentWidget(select ? static_cast<QWidget*>(m_form) : m_empty);
    m_delete->setEnabled(select != nullptr);
}

void SignalsPanel::markList()
{
    // an edit's problems come with its compile, after the edit (diagnosticsChanged calls again)
    if (m_document->diagnosticsPending()) return;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem* item = m_list->item(i);
        bool error = false, warning = false;
        for (const auto& d : m_document->diagnosticsFor(item->data(kIdRole).toString().toStdString()))
            (d.severity == Severity::Error ? error : warning) = true;
        item->setIcon(error || warning ? style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning)
                                       : QIcon());
    }
}

QString SignalsPanel::currentId() const
{
    QListWidgetItem* item = m_list->currentItem();
    return item ? item->data(kIdRole).toString() : QString();
}

QStringList SignalsPanel::ids() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i) out << m_list->item(i)->data(kIdRole).toString();
    return out;
}

QString SignalsPanel::message() const { return m_message->isHidden() ? QString() : m_message->text(); }

void SignalsPanel::say(const QString& text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    if (!text.isEmpty()) emit hint(text);
}

QString SignalsPanel::addSignal(const QString& kind)
{
    const LabSpec& lab = m_document->lab();
    const std::string id = uniqueId(lab, "signal");
    say(QString());
    m_document->push(new AddSignalCommand(m_document, makeSignal(kind.toStdString(), id), lab.timeSignals.size()));
    showSignal(QString::fromStdString(id));
    return m_document->lab().findSignal(id) ? QString::fromStdString(id) : QString();
}

void SignalsPanel::importCsvDialog()
{
    const QString dir = QString::fromStdString(m_document->lab().baseDir);
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import signal from CSV"), dir, tr("CSV files (*.csv *.txt);;All files (*)"));
    if (!path.isEmpty()) importCsv(path);
}

QString SignalsPanel::importCsv(const QString& path)
{
    const LabSpec& lab = m_document->lab();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        say(tr("Cannot read %1: %2").arg(QFileInfo(path).fileName(), f.errorString()));
        return QString();
    }
    const QByteArray bytes = f.readAll();
    const std::string id = idFromFile(lab, path);
    std::vector<double> t, v;
    Diagnostics d;
    if (!readSignalCsv(bytes.toStdString(), QFileInfo(path).fileName().toStdString(), t, v, id, d)) {
        QStringList lines;
        for (const auto& x : d.items()) lines << QString::fromStdString(x.message);
        say(tr("Not imported: %1").arg(lines.join(QStringLiteral("; "))));
        return QString();
    }
    SignalSpec s;
    s.id = id;
    const QString labPath = m_document->filePath();
    if (!labPath.isEmpty()) {
        // a saved lab names the file, relative to its folder (as the core reads it)
        s.kind = "csv";
        s.fields["file"] = QDir(QFileInfo(labPath).absolutePath()).relativeFilePath(QFileInfo(path).absoluteFilePath()).toStdString();
        s.fields["interpolation"] = "linear";
    } else {
        // an untitled lab has no folder to be relative to: the points go into the lab
        s.kind = "table";
        Json points = Json::array();
        for (std::size_t i = 0; i < t.size(); ++i) points.push_back(Json::array({t[i], v[i]}));
        s.fields["points"] = std::move(points);
        s.fields["interpolation"] = "linear";
    }
    say(QString());
    m_document->push(new AddSignalCommand(m_document, s, lab.timeSignals.size()));
    if (!m_document->lab().findSignal(id)) return QString();
    showSignal(QString::fromStdString(id));
    emit hint(tr("Imported %n points as signal %1", nullptr, int(t.size())).arg(QString::fromStdString(id)));
    return QString::fromStdString(id);
}

bool SignalsPanel::removeSignal(const QString& id, bool unbindFirst)
{
    const LabSpec& lab = m_document->lab();
    const std::string sid = id.toStdString();
    if (!lab.findSignal(sid)) return false;
    const auto uses = signalUses(lab, sid);
    if (!uses.empty() && !unbindFirst) {
        QStringList names;
        for (const auto& u : uses) names << QString::fromStdString(u.component + "." + u.input);
        say(tr("Signal %1 drives %2: unbind them first (Properties ▸ input ▸ value)").arg(id, names.join(QStringLiteral(", "))));
        return false;
    }
    say(QString());
    QUndoStack* undo = m_document->undoStack();
    undo->beginMacro(uses.empty() ? tr("Delete signal %1").arg(id) : tr("Unbind and delete signal %1").arg(id));
    for (const auto& u : uses) {
        // the input keeps the value the signal started it at
        const ComponentSpec* c = lab.findComponent(u.component);
        const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
        const InputDescriptor* in = d ? d->input(u.input) : nullptr;
        const auto start = in ? boundStartValue(lab, c->inputs[u.input], *in) : std::nullopt;
        m_document->push(new SetValueCommand(m_document, {ValueTarget::Kind::Input, u.component, u.input},
                                             start ? std::optional<Json>(Json(*start)) : std::nullopt));
    }
    m_document->push(new RemoveSignalCommand(m_document, sid));
    undo->endMacro();
    return !m_document->lab().findSignal(sid);
}

void SignalsPanel::removeCurrent()
{
    const QString id = currentId();
    if (id.isEmpty()) return;
    const auto uses = signalUses(m_document->lab(), id.toStdString());
    if (uses.empty()) {
        removeSignal(id, false);
        return;
    }
    QStringList names;
    for (const auto& u : uses) names << QString::fromStdString(u.component + "." + u.input);
    const auto answer = QMessageBox::question(
        this, tr("Delete signal"),
        tr("Signal %1 drives %2.\n\nUnbind those inputs (each keeps the value the signal starts it at) and delete the signal?")
            .arg(id, names.join(QStringLiteral(", "))),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        removeSignal(id, true);
    else
        say(tr("Signal %1 kept: it drives %2").arg(id, names.join(QStringLiteral(", "))));
}

bool SignalsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_list && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->matches(QKeySequence::Delete) || key->key() == Qt::Key_Backspace) {
            // claim the key from the window's Delete action (which deletes canvas items)
            event->accept();
            if (event->type() == QEvent::KeyPress) removeCurrent();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SignalsPanel::showSignal(const QString& id, const QString& field)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(kIdRole).toString() == id) {
            m_list->setCurrentRow(i);
            break;
        }
    }
    if (!field.isEmpty() && m_form->signalId() == id) m_form->focusField(field);
}

} // namespace drivelab
