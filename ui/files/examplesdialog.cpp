#include "files/examplesdialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QIcon>
#include <QLabel>
#include <QListWidget>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace drivelab {
namespace {
const QSize kThumb(200, 120);
} // namespace

ExamplesDialog::ExamplesDialog(QWidget* parent, const QString& dir) : QDialog(parent)
{
    setWindowTitle(tr("Open Example"));
    const QString from = dir.isEmpty() ? examplesDir() : dir;
    m_examples = listExamples(from);
    m_list = new QListWidget(this);
    m_list->setIconSize(kThumb);
    m_list->setWordWrap(true);
    m_list->setSpacing(4);
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    for (const ExampleLab& e : m_examples) {
        auto* item = new QListWidgetItem(m_list);
        item->setIcon(QIcon(QPixmap::fromImage(exampleThumbnail(e.path, kThumb))));
        item->setText(QStringLiteral("%1\n%2").arg(e.title, e.summary));
        item->setToolTip(e.path);
        item->setSizeHint(QSize(640, kThumb.height() + 12));
    }
    if (m_list->count() > 0) m_list->setCurrentRow(0);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Open)->setEnabled(m_list->count() > 0);
    auto* box = new QVBoxLayout(this);
    auto* intro = new QLabel(m_examples.isEmpty()
                                 ? tr("No example labs were found (looked for labs/ beside the program and in "
                                      "DRIVELAB_EXAMPLES_DIR).")
                                 : tr("Each example opens as your own copy (in %1): change and save it freely.")
                                       .arg(QDir::toNativeSeparators(userExamplesDir())),
                             this);
    intro->setWordWrap(true);
    box->addWidget(intro);
    box->addWidget(m_list);
    box->addWidget(buttons);
    resize(720, 640);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemActivated, this, &QDialog::accept);
}

QString ExamplesDialog::selectedPath() const
{
    const int r = m_list->currentRow();
    return r >= 0 && r < m_examples.size() ? m_examples[r].path : QString();
}

} // namespace drivelab
