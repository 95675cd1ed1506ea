"""``python -m pytrick`` is the ``pytrick`` command."""

import sys

from pytrick.cli import main

sys.exit(main())
