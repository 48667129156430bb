// Part of the editor tests' precompiled header (uitest.h; cmake/BuildSpeed.cmake): core.h and the
// Qt Widgets and Qt Charts headers. Third-party headers only.
#pragma once
#include "core.h"

#include <QtCore>
#include <QtGui>
#include <QtWidgets>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QValueAxis>
