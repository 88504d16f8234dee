"""`python -m bench` (make bench): every benchmark row in one run."""

from bench.broadphase import main

raise SystemExit(main())
