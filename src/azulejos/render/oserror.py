"""Why a file could not be written, in the reader's language and with what to do about it.

The operating system's own text (``OSError.strerror``) is English whatever the language chosen,
so the usual causes get a translated sentence; a rare one keeps the system's text.
"""

from __future__ import annotations

import errno
from collections.abc import Callable

from azulejos.i18n import N_

_REASONS: dict[int, str] = {
    errno.ENOENT: N_("that folder does not exist; give a file in an existing folder"),
    errno.ENOTDIR: N_("that folder does not exist; give a file in an existing folder"),
    errno.EACCES: N_("no permission to write there; choose another folder"),
    errno.EPERM: N_("no permission to write there; choose another folder"),
    errno.EROFS: N_("that disk is read-only; choose another folder"),
    errno.EISDIR: N_("that is a folder; add a file name such as game.json"),
    errno.ENOSPC: N_("the disk is full"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
}


def os_error_text(gettext: Callable[[str], str], error: OSError) -> str:
    """The reason ``error`` gives, translated by ``gettext`` when it is a usual one."""
    reason = _REASONS.get(error.errno or 0)
    if reason is not None:
        return gettext(reason)
    return str(error.strerror or error)
