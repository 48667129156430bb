#pragma once
// The results table of a study: one row per finished variant (in arrival order), the columns
// of the results file (index, factors, metrics, energy_residual, fingerprint, final_hash,
// error). Numbers sort as numbers (no value last), an error row is tinted and says why.
#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "document/displayunits.h"
#include "study/study.h"

namespace drivelab {

/// the finished rows of one study
class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// the role with a cell's sort key (a double, or the text)
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ResultsModel(QObject* parent = nullptr);

    /// start over with a study's columns and no rows
    void reset(std::shared_ptr<const study::Study> study);
    void addRows(const std::vector<study::Row>& rows);
    const std::vector<study::Row>& rows() const { return m_rows; }
    std::shared_ptr<const study::Study> study() const { return m_study; }
    /// the rows as the results file's CSV lines, by index (study::csvRow)
    std::map<std::size_t, std::string> csvLines() const;
    /// the numeric value of column `c` in row `r` in the column's display unit (NaN: none)
    double value(int r, int c) const;
    /// the value as stored (SI, as the results file has it)
    double siValue(int r, int c) const;
    /// a column's name with its display unit ("lock_time [s]", "peak_speed [rpm]")
    QString columnTitle(int c) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void updateUnits();

    std::shared_ptr<const study::Study> m_study;
    std::vector<study::Row> m_rows;
    std::vector<std::string> m_units; ///< each column's SI unit (studyunits.h)
};

/// sorts numbers as numbers, no value after every value
class ResultsProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& a, const QModelIndex& b) const override;
};

} // namespace drivelab
