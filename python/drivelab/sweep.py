"""Sweeps (docs/FORMATS.md "Sweeps", docs/PYTHON.md, docs/SCALING.md).

A Sweep is a prepared study: the lab read once, every variant's factor values expanded, the
metrics resolved. ``Sweep.run`` runs variants on the core's engine (threads, no GIL);
``run_dask`` ships the sweep's JSON and base directory to a Dask cluster, runs batches of
variant indices on the workers and gathers the rows. Either way a row depends only on its
variant, so ``Results.to_csv()`` is the text ``drivelab-cli sweep`` writes, bit for bit.
"""
import math
import os
from functools import lru_cache

import numpy as np

from . import _drivelab
from ._drivelab import Lab, LabError

__all__ = ["Sweep", "Results", "load", "run_dask", "run_batch"]

# a row tuple from _drivelab.Study.run_rows
_INDEX, _FACTORS, _METRICS, _RESIDUAL, _FINGERPRINT, _HASH, _ERROR, _CSV, _JSON = range(9)


class Sweep:
    """A prepared sweep: ``len(sweep)`` variants, ``sweep.columns`` of results."""

    def __init__(self, study):
        self._study = study

    @classmethod
    def from_dict(cls, d, base_dir=None):
        """A sweep from the sweep file's JSON as a dict; its lab path is relative to base_dir."""
        return cls(_drivelab.Study.from_dict(d, None if base_dir is None else os.fspath(base_dir)))

    @classmethod
    def from_text(cls, text, base_dir):
        return cls(_drivelab.Study.from_text(text, os.fspath(base_dir)))

    def __len__(self):
        return len(self._study)

    def __repr__(self):
        return "<drivelab.sweep.Sweep of %s: %d variants>" % (self.lab_file, len(self))

    @property
    def columns(self):
        """index, the factor paths, the metric names, energy_residual, fingerprint, final_hash, error"""
        return list(self._study.columns)

    @property
    def factor_paths(self):
        return list(self._study.factor_paths)

    @property
    def metric_names(self):
        return list(self._study.metric_names)

    @property
    def lab_file(self):
        return self._study.lab_file

    @property
    def base_dir(self):
        return self._study.base_dir

    @property
    def source_text(self):
        """the sweep's JSON as read (what run_dask ships)"""
        return self._study.source_text

    @property
    def lab_fingerprint(self):
        return self._study.lab_fingerprint

    def variant(self, k):
        """variant k's factor values, in factor order"""
        return list(self._study.variant(k))

    def variant_lab(self, k):
        """variant k's lab (a drivelab.Lab with the factor values set)"""
        return self._study.variant_lab(k)

    def _indices(self, indices):
        if indices is None:
            return list(range(len(self)))
        out = sorted(set(int(k) for k in indices))
        for k in out:
            if k < 0 or k >= len(self):
                raise IndexError("variant %d: the study has %d variants" % (k, len(self)))
        return out

    def run(self, jobs=None, indices=None):
        """Run the variants (all, or `indices`) on `jobs` threads (None: every core): Results."""
        if jobs is not None and int(jobs) < 1:
            raise ValueError("jobs must be 1 or more (or None: every core), got %r" % (jobs,))
        rows = self._study.run_rows(self._indices(indices), 0 if jobs is None else int(jobs))
        return Results(self, rows)


def load(path):
    """Read and prepare a sweep file (its lab path is relative to the file's directory)."""
    return Sweep(_drivelab.Study.load(os.fspath(path)))


class Results:
    """A sweep's finished rows, by index."""

    def __init__(self, sweep, rows):
        self.sweep = sweep
        self._rows = sorted(rows, key=lambda r: r[_INDEX])

    def __len__(self):
        return len(self._rows)

    @property
    def columns(self):
        return self.sweep.columns

    @property
    def indices(self):
        return [r[_INDEX] for r in self._rows]

    @property
    def rows(self):
        """each row as a dict by column (None: no value, as an empty CSV cell)"""
        cols = self.columns
        out = []
        for r in self._rows:
            values = [r[_INDEX]] + list(r[_FACTORS]) + list(r[_METRICS]) + [r[_RESIDUAL], r[_FINGERPRINT], r[_HASH], r[_ERROR]]
            out.append(dict(zip(cols, values)))
        return out

    def column(self, name):
        """a column as a NumPy array: float (NaN: no value) for numbers, int for index, object for text"""
        cols = self.columns
        if name not in cols:
            raise KeyError("no column %r; the columns are %s" % (name, ", ".join(cols)))
        j = cols.index(name)
        values = [row[name] for row in self.rows]
        if name == "index":
            return np.array(values, dtype=np.int64)
        if name in ("fingerprint", "final_hash", "error"):
            return np.array(values, dtype=object)
        assert 0 < j < len(cols) - 3
        return np.array([math.nan if v is None else v for v in values], dtype=np.float64)

    @property
    def errors(self):
        """{index: message} of the variants that have no results (did not compile, failed)"""
        return {r[_INDEX]: r[_ERROR] for r in self._rows if r[_ERROR] is not None}

    def to_csv(self):
        """the CSV text `drivelab-cli sweep` writes"""
        return self.sweep._study.results_text({r[_INDEX]: r[_CSV] for r in self._rows}, False)

    def to_json(self):
        """the JSON text `drivelab-cli sweep --json` writes"""
        return self.sweep._study.results_text({r[_INDEX]: r[_JSON] for r in self._rows}, True)


@lru_cache(maxsize=4)
def _worker_study(source_text, base_dir):
    return _drivelab.Study.from_text(source_text, base_dir)


def run_batch(source_text, base_dir, lab_fingerprint, indices):
    """A Dask task: run `indices` of the sweep (its JSON text, lab paths relative to base_dir)
    on one thread; the row tuples. The worker's lab must be the client's (same fingerprint)."""
    study = _worker_study(source_text, base_dir)
    if study.lab_fingerprint != lab_fingerprint:
        _worker_study.cache_clear()  # the lab file changed since: read it again
        study = _worker_study(source_text, base_dir)
    if study.lab_fingerprint != lab_fingerprint:
        raise LabError("the lab '%s' on this worker (%s) has fingerprint %s, the client's %s: every host needs the same "
                       "lab files at the same path" % (study.lab_file, os.uname().nodename, study.lab_fingerprint, lab_fingerprint))
    return study.run_rows(indices, 1)


def run_dask(sweep, client, batch_size=None, indices=None):
    """Run a sweep's variants on a Dask cluster (`client`: a distributed.Client): Results equal
    to sweep.run()'s. Each task runs `batch_size` variants (None: about four tasks per worker
    thread, at most 64 variants a task). The workers import drivelab and read the lab by the
    sweep's base directory, made absolute here: every host needs the build on its PYTHONPATH
    and the lab files at the same path (docs/SCALING.md)."""
    todo = sweep._indices(indices)
    if not todo:
        return Results(sweep, [])
    if batch_size is None:
        threads = max(1, sum(client.nthreads().values()))
        batch_size = max(1, min(64, math.ceil(len(todo) / (4 * threads))))
    batch_size = int(batch_size)
    if batch_size < 1:
        raise ValueError("batch_size must be 1 or more, got %d" % batch_size)
    base_dir = os.path.abspath(sweep.base_dir or ".")
    batches = [todo[i:i + batch_size] for i in range(0, len(todo), batch_size)]
    futures = [client.submit(run_batch, sweep.source_text, base_dir, sweep.lab_fingerprint, b, pure=False) for b in batches]
    rows = []
    for part in client.gather(futures):
        rows.extend(part)
    rows.sort(key=lambda r: r[_INDEX])
    return Results(sweep, rows)
