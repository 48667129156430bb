#pragma once
// The plot of a study's results: a metric against a factor (one line with points per
// combination of the other factors, or points alone when there are many), or a scatter of
// two metrics coloured by a third value in five bins with a legend of their ranges.
#include <QWidget>

class QComboBox;
class QChart;
class QChartView;
class QLabel;
class QValueAxis;

namespace drivelab {

class ResultsModel;

/// results plot
class ResultsPlot : public QWidget {
    Q_OBJECT
public:
    enum Mode { MetricVsFactor = 0, Scatter = 1 };

    explicit ResultsPlot(ResultsModel* model, QWidget* parent = nullptr);

    /// the study changed: fill the choices (keeping those still there) and redraw
    void resetChoices();
    /// redraw from the model's rows
    void redraw();

    QComboBox* modeCombo() const { return m_mode; }
    QComboBox* xCombo() const { return m_x; }
    QComboBox* yCombo() const { return m_y; }
    QComboBox* colourCombo() const { return m_colour; }
    QChart* chart() const;
    /// points drawn (every series)
    int pointCount() const;

private:
    void fillChoices();
    void drawAgainstFactor(int x, int y);
    void drawScatter(int x, int y, int colour);

    ResultsModel* m_model;
    QComboBox* m_mode;
    QComboBox* m_x;
    QComboBox* m_y;
    QComboBox* m_colour;
    QLabel* m_colourLabel;
    QValueAxis* m_ax;
    QValueAxis* m_ay;
    QChartView* m_view;
};

} // namespace drivelab
