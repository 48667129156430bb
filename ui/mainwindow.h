#pragma once
// The editor's main window: the canvas in the centre, the palette, property editor,
// run settings, the lab's oil, events, problems and undo history as dock widgets, menus and a toolbar
// with standard shortcuts, status-bar hints, window state and recent files in QSettings.
// Room is left for a run toolbar and plot docks (a later issue).
#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class QLabel;
class QMenu;
class QDockWidget;
class QUndoView;

namespace drivelab {

class LabDocument;
class LabScene;
class LabView;
class CanvasEditor;
class CanvasMenu;
class PaletteWidget;
class PropertyPanel;
class ProblemsPanel;
class RunSettingsPanel;
class OilPanel;
class SignalsPanel;
class EventsTable;
class FileController;
class Autosaver;
class RecentFiles;
class Prompter;
class ConverterMapEditor;
class Table2DDialog;
class CausalityUi;
class AssetUi;
class RunController;
class ResultsUi;
class StudyUi;
class PartNavigator;
class PartFileUi;
struct ActionSet;

/// how a main window starts
struct MainWindowOptions {
    QString recoveryDirectory;   ///< "" = the default recovery folder
    bool restoreSettings = true; ///< restore geometry and dock layout from QSettings
};

/// The editor's main window.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const MainWindowOptions& options = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    LabDocument* document() const { return m_document; }
    LabScene* scene() const { return m_scene; }
    LabView* view() const { return m_view; }
    CanvasEditor* canvasEditor() const { return m_editor; }
    PaletteWidget* palette() const { return m_palette; }
    PropertyPanel* properties() const { return m_properties; }
    ProblemsPanel* problems() const { return m_problems; }
    RunSettingsPanel* runSettings() const { return m_runSettings; }
    /// the lab's oil (thermal-liquid hydraulics): add, edit, remove
    OilPanel* oilPanel() const { return m_oil; }
    EventsTable* events() const { return m_events; }
    /// the Signals panel (time signals: list, form, plot)
    SignalsPanel* signalsPanel() const { return m_signals; }
    FileController* files() const { return m_files; }
    Autosaver* autosaver() const { return m_autosaver; }
    ActionSet* actions() const { return m_actions.get(); }
    /// the causality overlay, its panel and action (ui/causality/)
    CausalityUi* causality() const { return m_causality; }
    /// portable assets: export, read-only opening, replay and verify (ui/assets/)
    AssetUi* assets() const { return m_assets; }
    /// simulation: run control, plots, forks (ui/simulation/, ui/plots/)
    RunController* runController() const { return m_run; }
    /// studies: the Study menu, the sweep dialog, "Sweep this", variants (ui/study/)
    StudyUi* studies() const { return m_study; }
    /// the Vehicle results dock: results table and energy-split chart after a run (ui/results/)
    ResultsUi* results() const { return m_results; }
    /// the network the canvas shows: the lab's or an opened part's (docs/EDITOR.md "Opening an instance")
    PartNavigator* partNavigator() const { return m_parts; }
    /// Save Part File and the update of the lab's instances (docs/EDITOR.md "Editing a part file")
    PartFileUi* partFiles() const { return m_partFiles; }

    /// answer file questions with another prompter (not owned; tests)
    void setPrompter(Prompter* prompter);
    /// open a lab file (asks about unsaved changes)
    bool openLab(const QString& path);
    /// the Help ▸ Keyboard and Mouse (F1) table as rich text
    QString shortcutsText() const;
    /// open (or raise) the map editor of a converter and focus a map cell
    ConverterMapEditor* openMapEditor(const QString& id, const QString& map = {}, int row = -1, const QString& column = {});
    /// open (or raise) the editor of a 2-D table parameter and focus a field below it ("values[2][1]");
    /// null when the component has no such parameter
    Table2DDialog* openTable2DEditor(const QString& id, const QString& parameter, const QString& below = {});
    /// select the item a diagnostic names, centre it and focus its field
    void showProblem(const QString& subject, const QString& field);
    /// offer recovery of autosaved copies of crashed sessions
    void offerRecovery();
    /// show a dock by object name ("problems", "events", ...)
    void raiseDock(const QString& name);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void connectActions();
    void updateTitle();
    void updateActions();
    void rebuildRecentMenu();
    void showShortcuts();
    void onSelectionChanged();

    LabDocument* m_document;
    LabScene* m_scene;
    LabView* m_view;
    CanvasEditor* m_editor;
    CanvasMenu* m_canvasMenu;
    std::unique_ptr<ActionSet> m_actions;
    std::unique_ptr<Prompter> m_ownPrompter;
    PaletteWidget* m_palette = nullptr;
    PropertyPanel* m_properties = nullptr;
    ProblemsPanel* m_problems = nullptr;
    RunSettingsPanel* m_runSettings = nullptr;
    OilPanel* m_oil = nullptr;
    EventsTable* m_events = nullptr;
    SignalsPanel* m_signals = nullptr;
    QUndoView* m_history = nullptr;
    QHash<QString, QDockWidget*> m_docks;
    FileController* m_files;
    Autosaver* m_autosaver;
    RecentFiles* m_recent;
    QString m_recoveryDir;
    QMenu* m_recentMenu = nullptr;
    QLabel* m_problemsLabel = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QHash<QString, QPointer<ConverterMapEditor>> m_mapEditors;
    bool m_restored = false; ///< the dock layout came from the settings
    bool m_sized = false;    ///< the default dock sizes were applied
    CausalityUi* m_causality = nullptr;
    AssetUi* m_assets = nullptr;
    RunController* m_run = nullptr;
    StudyUi* m_study = nullptr;
    ResultsUi* m_results = nullptr;
    PartNavigator* m_parts = nullptr;
    PartFileUi* m_partFiles = nullptr;
};

} // namespace drivelab
