"""The class app's server: Voila, with two changes of hexlab's own (``python -m hexlab.classroom.launch ARGS``).

``hexlab classroom`` starts this module instead of ``python -m voila``; it takes the same arguments.

1. **Each game's kernel answers only the browser that opened its page.** When Voila renders a page it starts a
   kernel for it; the launcher then gives that browser a *seat* cookie, signed with the server's cookie secret,
   that names the kernel. The kernel's routes (its websocket ``/api/kernels/<id>/channels``, its REST route
   ``/api/kernels/<id>`` and Voila's ``/voila/api/shutdown/<id>``) refuse, with 403, any request without a seat
   for that kernel. A student who learns another team's kernel id (they are random and no request lists them)
   still cannot open its socket, read it or shut it down. The cookies are scoped to those routes' paths, so a
   browser sends each one only to its own kernel.
2. **Refusals render a clean error page.** Jupyter Server's error pages link its favicon and style sheets with
   ``static_url``, which needs a ``static_path`` setting that Voila's own application does not have, so each
   refusal answered by one of Jupyter Server's handlers (a file not found under ``/voila/labextensions/`` or
   ``/voila/api/themes/``, a kernel socket refused) logged a traceback instead of sending its page. The
   launcher points ``static_path`` at Jupyter Server's static files (Voila serves them under
   ``/voila/static/``). And Voila's template files route ``/voila/templates/...`` answered a malformed path
   with a failed ``assert`` (a 500 and a traceback); the launcher's version of that route answers 404.

Nothing of Voila is copied: the launcher subclasses its application, its page handler, its template files
handler, and the handler of each kernel route (adding the seat check in front of the handler's own work). It
refuses to start if this Voila's routes are not the ones it knows how to guard.
"""

from __future__ import annotations

import hmac
import re
import sys
from collections.abc import Callable
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server import DEFAULT_STATIC_FILES_PATH
from jupyter_server.utils import url_path_join
from tornado import web
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

SEAT_COOKIE = "hexlab-seat"  # sent to the kernel's socket and REST route
CLOSE_COOKIE = "hexlab-seat-close"  # sent to Voila's route that shuts the kernel down when its page closes


def seat_cookies(base_url: str, kernel_id: str) -> list[tuple[str, str]]:
    """A kernel's seat cookies, as (name, path): each is sent only to the kernel's own routes under its path.
    (Two names, because a response sets one cookie per name.)"""
    return [(SEAT_COOKIE, url_path_join(base_url, "api/kernels", kernel_id)),
            (CLOSE_COOKIE, url_path_join(base_url, "voila/api/shutdown", kernel_id))]


def seat_matches(seat: bytes | None, kernel_id: str) -> bool:
    """Whether a verified seat (the signed cookie's value, ``None`` when missing, forged or expired) names
    ``kernel_id``."""
    return bool(seat) and bool(kernel_id) and hmac.compare_digest(seat, kernel_id.encode("utf-8"))


class _KernelStarts:
    """Voila's kernel manager as one page request sees it: it passes everything through and tells the request
    which kernel it started."""

    def __init__(self, manager: Any, started: Callable[[str], None]) -> None:
        self._manager = manager
        self._started = started

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._started(kernel_id)
        return kernel_id


class SeatGivingVoilaHandler(TornadoVoilaHandler):
    """Voila's page handler, which also hands the browser the seat of the kernel it started for the page.

    Voila starts the kernel before it writes the first byte of the page, so the cookie goes out with the page's
    headers."""

    @property
    def kernel_manager(self) -> Any:
        return _KernelStarts(self.settings["kernel_manager"], self._give_seat)

    def _give_seat(self, kernel_id: str) -> None:
        if self._headers_written:  # too late for a cookie: the page's own kernel will refuse it (fails closed)
            self.log.error("hexlab: no seat given for kernel %s (the page had started)", kernel_id)
            return
        for name, path in seat_cookies(self.settings.get("server_url") or self.base_url, kernel_id):
            self.set_signed_cookie(name, kernel_id, expires_days=None, path=path, httponly=True, samesite="Strict")


class _SeatCheck:
    """Mixed into a handler of a kernel's route: the request must hold the seat of the kernel its URL names."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        result = super().prepare(*args, **kwargs)  # type: ignore[misc]  # the class code is checked first
        if result is not None:
            await result
        if self._finished:  # type: ignore[attr-defined]  # e.g. sent to the login page
            return
        kernel_id = self.path_kwargs.get("kernel_id") or (self.path_args[0] if self.path_args else "")  # type: ignore[attr-defined]
        seats = [self.get_signed_cookie(name) for name in (SEAT_COOKIE, CLOSE_COOKIE)]  # type: ignore[attr-defined]
        if not any(seat_matches(seat, kernel_id) for seat in seats):
            shown = re.sub(r"[^0-9A-Za-z-]", "?", kernel_id[:40])  # no '%' reaches the log's format
            raise web.HTTPError(403, f"kernel {shown}: refused, this browser has no seat for it (only the browser "
                                     "that opened its page has)")


_GUARDED: dict[type, type] = {}


def seat_checked(handler: type) -> type:
    """``handler`` refusing any request that does not hold the seat of the kernel its URL names."""
    if handler not in _GUARDED:
        _GUARDED[handler] = type(f"SeatChecked{handler.__name__}", (_SeatCheck, handler),
                                 {"__doc__": f"{handler.__name__}, for the browser holding the kernel's seat."})
    return _GUARDED[handler]


class StrictTemplateFiles(TemplateStaticFileHandler):
    """Voila's route for its templates' files (``/voila/templates/<template>/static/<file>``), answering a path
    of any other shape with 404 rather than a failed ``assert``."""

    def parse_url_path(self, url_path: str) -> str:
        parts = url_path.split("/")
        if len(parts) < 3 or parts[1] != "static" or "\\" in url_path or any(p in ("", ".", "..") for p in parts):
            raise web.HTTPError(404)
        try:
            return super().parse_url_path(url_path)
        except ValueError as err:  # no template of that name
            raise web.HTTPError(404) from err


def _kernel_route(pattern: str, handler: type) -> bool:
    """Whether a route is one of a kernel's own (its URL names a kernel)."""
    return "(?P<kernel_id>" in pattern or issubclass(handler, VoilaShutdownKernelHandler)


class ClassroomVoila(Voila):
    """Voila with the seat check on every kernel route and clean error pages (see the module's notes)."""

    def init_settings(self) -> dict:
        settings = super().init_settings()
        # Jupyter Server's error pages need these; set after the application is made (Voila applies
        # tornado_settings then), so tornado adds no /static route of its own
        self.tornado_settings = {"static_path": DEFAULT_STATIC_FILES_PATH,
                                 "static_url_prefix": url_path_join(self.base_url, "voila/static/"),
                                 **self.tornado_settings}
        return settings

    def init_handlers(self) -> list:
        out = []
        guarded = 0
        for route in super().init_handlers():
            pattern, handler, *rest = route
            if handler is TornadoVoilaHandler:
                handler = SeatGivingVoilaHandler
            elif handler is TemplateStaticFileHandler:
                handler = StrictTemplateFiles
            elif _kernel_route(pattern, handler):
                handler = seat_checked(handler)
                guarded += 1
            out.append((pattern, handler, *rest))
        if guarded < 3 or not any(route[1] is SeatGivingVoilaHandler for route in out):
            # a Voila whose routes differ from those this launcher knows: refuse to serve rather than leave a
            # kernel's routes open to every page
            raise RuntimeError(f"hexlab classroom: the routes of this Voila ({guarded} of a kernel's found, 3 "
                               "expected) are not those the class app's launcher guards; it needs voila 0.5")
        return out


def main(argv: list[str] | None = None) -> None:
    """Start the server with Voila's command-line arguments (``argv``, or the process's own)."""
    ClassroomVoila.launch_instance(argv=sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    main()
