"""Every game module registers itself on import (the OpenSpiel pattern)."""
from . import doudizhu  # noqa: F401
from . import tichu  # noqa: F401
from . import napoleon  # noqa: F401
