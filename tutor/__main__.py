"""``python -m tutor …``: see ``tutor.cli``."""
import sys

from .cli import main

sys.exit(main())
