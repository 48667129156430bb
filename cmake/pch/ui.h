// Precompiled for the editor library (cmake/BuildSpeed.cmake): core.h and the Qt Widgets and
// Qt Charts headers the editor's files include most. Third-party headers only.
#pragma once
#include "core.h"

#include <QtCore>
#include <QtGui>
#include <QtWidgets>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
