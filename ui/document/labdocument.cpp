#include "document/labdocument.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QUndoStack>

#include "compile/compileresult.h"

namespace drivelab {
namespace {

constexpr const char* kBeforePaint = "drivelab_settleBeforePaint";

// Runs `before` ahead of the next repaint of any window while armed: the repaint is driven by the
// platform's update timer, which the event loop may serve before a posted call, so the posted
// compile of an edit would otherwise come after a frame that still shows the marks of the text
// before it
class BeforePaint : public QObject {
public:
    BeforePaint(QObject* parent, std::function<void()> before) : QObject(parent), m_before(std::move(before))
    {
        setObjectName(QLatin1String(kBeforePaint));
    }
    ~BeforePaint() override { disarm(); }
    void arm()
    {
        if (m_armed || !QCoreApplication::instance()) return;
        QCoreApplication::instance()->installEventFilter(this);
        m_armed = true;
    }
    void disarm()
    {
        if (!m_armed) return;
        QCoreApplication::instance()->removeEventFilter(this);
        m_armed = false;
    }

protected:
    bool eventFilter(QObject*, QEvent* event) override
    {
        if (event->type() == QEvent::UpdateRequest) m_before();
        return false;
    }

private:
    std::function<void()> m_before;
    bool m_armed = false;
};

BeforePaint* beforePaint(const QObject* document) { return static_cast<BeforePaint*>(document->findChild<QObject*>(QLatin1String(kBeforePaint), Qt::FindDirectChildrenOnly)); }

} // namespace

LabDocument::LabDocument(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this))
{
    m_lab.name = "untitled";
    new BeforePaint(this, [this] { settle(); });
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] {
        updateModified();
    });
    compileAndAnnounce();
}

LabDocument::~LabDocument() = default;

void LabDocument::push(QUndoCommand* command)
{
    if (m_readOnly) {
        delete command;
        emit editRefused();
        return;
    }
    if (m_forward.push) {
        m_forward.push(command);
        return;
    }
    m_undo->push(command);
}

void LabDocument::beginMacro(const QString& text)
{
    if (m_forward.beginMacro)
        m_forward.beginMacro(text);
    else
        m_undo->beginMacro(text);
}

void LabDocument::endMacro()
{
    if (m_forward.endMacro)
        m_forward.endMacro();
    else
        m_undo->endMacro();
}

void LabDocument::setReadOnly(bool on)
{
    if (on == m_readOnly) return;
    m_readOnly = on;
    emit readOnlyChanged(on);
}

void LabDocument::reset(LabSpec lab, const QString& path, bool modified)
{
    m_undo->clear();
    setReadOnly(false);
    m_lab = std::move(lab);
    // a csv signal's file is relative to the lab file's folder
    m_lab.baseDir = path.isEmpty() ? std::string() : QFileInfo(path).absolutePath().toStdString();
    m_forcedModified = modified;
    const bool pathChanged = path != m_path;
    m_path = path;
    ++m_revision;
    compileAndAnnounce(); // a lab opened: its problems show with it
    emit changed(ChangeKind::Reset, {});
    if (pathChanged) emit filePathChanged(m_path);
    updateModified();
}

void LabDocument::setFilePath(const QString& path)
{
    if (path == m_path) return;
    m_path = path;
    // saved under a new path: csv signal files are now read relative to its folder
    const std::string dir = path.isEmpty() ? std::string() : QFileInfo(path).absolutePath().toStdString();
    if (dir != m_lab.baseDir) {
        m_lab.baseDir = dir;
        ++m_revision;
        revalidate();
        emit changed(ChangeKind::Values, {});
    }
    emit filePathChanged(m_path);
}

QString LabDocument::displayName() const
{
    const QString name = m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
    return m_readOnly ? tr("%1 (read-only)").arg(name) : name;
}

bool LabDocument::isModified() const { return m_forcedModified || !m_undo->isClean(); }

void LabDocument::markSaved()
{
    m_forcedModified = false;
    m_undo->setClean();
    updateModified();
}

std::vector<Diagnostic> LabDocument::diagnosticsFor(const std::string& subject) const
{
    std::vector<Diagnostic> out;
    for (const auto& d : diagnostics()) {
        if (d.subject == subject) out.push_back(d);
    }
    return out;
}

bool LabDocument::isValid() const
{
    for (const auto& d : diagnostics()) {
        if (d.severity == Severity::Error) return false;
    }
    return true;
}

void LabDocument::notifyChanged(ChangeKind kind, const QStringList& ids)
{
    ++m_revision;
    if (kind != ChangeKind::Layout) revalidate();
    emit changed(kind, ids);
    updateModified();
}

void LabDocument::notifyRenamed(const QString& from, const QString& to) { emit renamed(from, to); }

void LabDocument::recheck()
{
    ++m_revision;
    revalidate();
    emit changed(ChangeKind::Values, {});
}

std::shared_ptr<const CompileResult> LabDocument::compiled() const
{
    if (m_stale) compileNow();
    return m_compiled;
}

const std::vector<Diagnostic>& LabDocument::diagnostics() const
{
    if (m_stale) compileNow();
    return m_diagnostics;
}

void LabDocument::revalidate()
{
    // the whole compile of a 200-component lab is a frame's worth of work: it runs after the
    // edit's event, so the event that made the change (a drag's release, an edit's Return) ends
    // first, and the edits of one event (a macro, an undo of one) compile once, the latest text
    // (docs/PERFORMANCE.md "Editor: editing a lab of 200 components")
    m_stale = true;
    if (m_settlePosted) return;
    m_settlePosted = true;
    QMetaObject::invokeMethod(this, &LabDocument::settle, Qt::QueuedConnection);
    beforePaint(this)->arm(); // or before the next repaint, whichever comes first
}

void LabDocument::compileAndAnnounce()
{
    m_stale = true;
    compileNow();
    m_unannounced = false;
    emit diagnosticsChanged();
}

void LabDocument::compileNow() const
{
    // the one compile of this change; everything that needs the compiled lab shares it
    m_compiled = std::make_shared<const CompileResult>(compile(m_lab));
    m_stale = false;
    m_diagnostics = m_diagnosticsSource ? m_diagnosticsSource() : m_compiled->diagnostics.items();
    m_unannounced = true;
}

void LabDocument::settle()
{
    // the posted compile (see revalidate()), or the same ahead of a repaint
    if (!m_settlePosted) return;
    m_settlePosted = false;
    beforePaint(this)->disarm();
    if (m_stale) compileNow();
    if (!m_unannounced) return;
    m_unannounced = false;
    emit diagnosticsChanged();
}

void LabDocument::setDiagnosticsSource(std::function<std::vector<Diagnostic>()> source)
{
    m_diagnosticsSource = std::move(source);
    refreshDiagnostics();
}

void LabDocument::refreshDiagnostics()
{
    if (m_stale) compileNow();
    m_diagnostics = m_diagnosticsSource ? m_diagnosticsSource() : m_compiled->diagnostics.items();
    m_unannounced = false;
    emit diagnosticsChanged();
}

void LabDocument::updateModified()
{
    const bool now = isModified();
    if (now == m_lastModified) return;
    m_lastModified = now;
    emit modifiedChanged(now);
}

} // namespace drivelab
