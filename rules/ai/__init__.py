"""A computer opponent for every system: expectimax over the shared ``GameSystem`` interface
(``search``), an evaluation per system (``evaluation``), secrets resampled rather than read
(``hidden``), and the difficulty levels and baseline players (``players``)."""
