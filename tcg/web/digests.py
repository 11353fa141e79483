"""Seat secrets as the server keeps them: SHA-256 digests (issue 35 item 14).

Why a plain SHA-256 and not a password hash: a secret is 192 random bits from :mod:`secrets`,
so no search finds one from its digest, and a slow hash would only slow every hello. Digests
are compared in constant time (:func:`secrets.compare_digest`).
"""

from __future__ import annotations

import hashlib
import secrets

#: How a stored digest starts (a journal row of an older server holds the plain secret instead).
DIGEST_PREFIX = "sha256:"


def new_secret() -> str:
    """A seat secret or an invitation code: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    return DIGEST_PREFIX + hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def stored_digest(value: str) -> str:
    """A stored secret as a digest: rows written before secrets were hashed hold them plain."""
    return value if value.startswith(DIGEST_PREFIX) else digest(value)


def matches(stored: str | None, secret: str) -> bool:
    """Whether ``secret`` is the one ``stored`` is the digest of (constant time)."""
    return stored is not None and secrets.compare_digest(stored, digest(secret))
