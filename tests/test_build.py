"""Which build runs: the pure-Python sources or the compiled one (setup.py, ``make compiled``).

``make test`` runs the suite on both; ``TCG_EXPECT_BUILD`` says which one this run must be,
so that a wrong ``PYTHONPATH`` cannot test the sources twice under the compiled label.
"""

from __future__ import annotations

import os

from typer.testing import CliRunner

import tcg
from tcg.cli.main import app
from tcg.core import state


def test_the_build_is_the_one_expected():
    expected = os.environ.get("TCG_EXPECT_BUILD", "pure")
    assert expected in ("pure", "compiled")
    assert tcg.compiled() == (expected == "compiled"), f"{tcg.build_name()} from {state.__file__}"


def test_version_names_the_build():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"tcg-engine {tcg.__version__}, {tcg.build_name()}"
    assert tcg.__version__[0].isdigit()
