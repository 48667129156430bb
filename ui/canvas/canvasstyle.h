#pragma once
// The canvas look in one place: domain colours and port shapes, highlight colours,
// fonts. Domains are told apart by colour and by port shape, so a print in grey or a
// colour-blind reader still sees which wires may join.
#include <QColor>
#include <QFont>
#include <QPainterPath>

#include "spec/descriptor.h"

namespace drivelab::style {

/// line colour of a domain's ports and wires
QColor domainColor(Domain d);
/// light tint of a domain (node symbols, hover fills)
QColor domainTint(Domain d);
/// port marker shape of a domain, centred at the origin, `size` across
QPainterPath portShape(Domain d, double size);
/// user-visible domain name ("rotational")
QString domainTitle(Domain d);
/// errors on the canvas
QColor errorColor();
/// selection highlight
QColor selectionColor();
/// "can connect" feedback
QColor acceptColor();
/// symbol line work
QColor inkColor();
/// label fonts
QFont idFont();
QFont detailFont();

} // namespace drivelab::style
