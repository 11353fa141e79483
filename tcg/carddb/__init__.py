"""A searchable SQLite index of every game's packaged cards (see :mod:`tcg.carddb.index`)."""

from tcg.carddb.index import CardIndex, CardRow, default_db_path, rebuild, search, show
from tcg.carddb.validate import LoadResult, load_cards

__all__ = ["CardIndex", "CardRow", "LoadResult", "default_db_path", "load_cards", "rebuild", "search", "show"]
