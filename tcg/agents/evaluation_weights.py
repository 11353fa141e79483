"""Fitted weights of :mod:`tcg.agents.evaluation`, one per feature (``FEATURE_NAMES``).

Written by benchmarks/fit_evaluation.py; do not edit by hand. ``COMMANDS`` says which
command fitted each game's weights.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    'battle_spirits': (1.4741, 0.8311, 0.1794, 0.1147, 0.7694, 0.1706,),
    'duel_masters': (0.4017, 0.0000, 0.3111, 0.1783, 0.8585, 0.0407,),
    'force_of_will': (0.7618, 0.7854, 0.0000, 0.2551, 2.3511, 0.9141,),
    'one_piece': (1.1881, 0.8116, 0.1504, 0.0895, 0.5659,),
    'yugioh': (0.5350, 0.5346, 0.0000, 0.0000, 0.5353, 0.0000, 0.2562,),
}

COMMANDS: dict[str, str] = {
    'battle_spirits': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'duel_masters': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'force_of_will': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'one_piece': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'yugioh': 'python benchmarks/fit_evaluation.py --games 300 --game yugioh',
}
