#pragma once
// Min/max-per-pixel-column decimation of one series of a SampleStore: the visible time
// range is cut into `columns` equal columns and each column keeps its minimum and
// maximum sample (in time order; one point when they coincide), so every spike
// survives; the first and last sample of the range are kept so the line reaches the
// edges. At most about two points per column; a range with no more samples than that
// is returned whole. Every point is a real sample (never an average).
#include <QList>
#include <QPointF>

#include <cstddef>

namespace drivelab {

class SampleStore;

/// what to decimate
struct DecimationRequest {
    const SampleStore* store = nullptr;
    std::size_t count = 0;      ///< samples to consider (a size() the caller loaded)
    std::size_t observable = 0; ///< column in the store
    double x0 = 0.0, x1 = 1.0;  ///< visible time range [s]
    int columns = 800;          ///< pixel columns
    double scale = 1.0;         ///< display = value * scale + offset
    double offset = 0.0;
    bool step = false; ///< draw as steps (a value holds until the next sample)
    const double* values = nullptr; ///< the series' samples (a derived channel) instead of the store's column `observable`
    std::size_t from = 0; ///< the first sample with a value (1: a tick mean's sample at tick 0 has none)
};

/// the points to plot (includes one sample on each side of the range, so lines reach the edges)
void decimate(const DecimationRequest& r, QList<QPointF>& out);

/// What a decimation into the same `out` leaves for the next one over more samples: the store
/// is append-only, so with the same request a column that a later sample has closed decimates
/// to the same points forever. A live run with the whole run in view then costs per refresh
/// only its new samples (and the column still open), not every sample so far: rescanning a
/// row-major store of 10^4-10^5 rows per series each refresh was the editor's longest UI
/// event (issue 21).
struct DecimationCache {
    DecimationRequest request; ///< the request `out` was made for (count aside)
    std::size_t first = 0;     ///< its first sample (one before the range)
    std::size_t resume = 0;    ///< the first sample of the last column (not closed yet)
    qsizetype kept = 0;        ///< points of `out` from the columns before it
    bool valid = false;
};

/// the same points as decimate(r, out), scanning only what `cache` has not seen (`out` must be
/// the list the cache's previous call filled, untouched since)
void decimate(const DecimationRequest& r, QList<QPointF>& out, DecimationCache& cache);

} // namespace drivelab
