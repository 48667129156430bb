#include "document/labdocument.h"

#include <QFileInfo>
#include <QUndoStack>

#include "compile/compileresult.h"

namespace drivelab {

LabDocument::LabDocument(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this))
{
    m_lab.name = "untitled";
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
    // The compile could run after the edit's event (settle() posted: compiled() and diagnostics()
    // compile at once when asked first, the views' problem marks follow diagnosticsChanged). Not
    // switched on yet: tests across the editor (tst_problems, tst_subsystems, tst_entry, tst_oil,
    // tst_units, ...) read problem marks right after an edit without letting events run
    // (docs/PERFORMANCE.md "Editor: editing a lab of 200 components"). So: compiled here, in the
    // edit's event, as before.
    compileAndAnnounce();
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
    // the posted compile (see revalidate())
    m_settlePosted = false;
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
