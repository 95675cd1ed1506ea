"""``.. pytrick-picture::``: run a few lines of Python at build time and put the
SVG text of the last expression into the page, so the docs' figures always come
from the code they illustrate (never pasted images).

.. pytrick-picture::
   :caption: Seat 2's view

   deal = pytrick.SpitzerDeal.from_seed(42)
   pytrick.svg.deal(deal.observation(2))
"""

from __future__ import annotations

import ast
from html import escape
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective


class PytrickPicture(SphinxDirective):
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        import pytrick

        source = "\n".join(self.content)
        tree = ast.parse(source)
        if not tree.body or not isinstance(tree.body[-1], ast.Expr):
            raise self.error("pytrick-picture: the last line must be an expression giving SVG text")
        last = ast.Expression(tree.body.pop().value)
        scope: dict[str, Any] = {"pytrick": pytrick, "svg": pytrick.svg}
        try:
            exec(compile(tree, self.get_source_info()[0], "exec"), scope)
            picture = eval(compile(last, self.get_source_info()[0], "eval"), scope)
        except Exception as error:
            raise self.error(f"pytrick-picture: the code raised {error!r}") from error
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise self.error("pytrick-picture: the last expression must give SVG text")
        caption = self.options.get("caption", "")
        html = f'<figure class="pytrick-picture">{picture}'
        if caption:
            html += f"<figcaption>{escape(caption)}</figcaption>"
        html += "</figure>"
        code = nodes.literal_block(source, source, language="python")
        return [nodes.raw("", html, format="html"), code]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("pytrick-picture", PytrickPicture)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
