"""Fitted weights of :mod:`tcg.agents.evaluation`, one per feature (``FEATURE_NAMES``).

Written by benchmarks/fit_evaluation.py; do not edit by hand:

    python benchmarks/fit_evaluation.py --games 300
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    'battle_spirits': (1.4741, 0.8311, 0.1794, 0.1147, 0.7694, 0.1706,),
    'duel_masters': (0.4017, 0.0000, 0.3111, 0.1783, 0.8585, 0.0407,),
    'force_of_will': (0.7618, 0.7854, 0.0000, 0.2551, 2.3511, 0.9141,),
    'one_piece': (1.1881, 0.8116, 0.1504, 0.0895, 0.5659,),
    'yugioh': (0.3666, 0.3462, 0.0000, 0.0000, 0.0000, 0.0301,),
}
