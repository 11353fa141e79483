"""Fitted weights of :mod:`tcg.agents.evaluation`, one per feature (``FEATURE_NAMES``).

Written by benchmarks/fit_evaluation.py; do not edit by hand. ``COMMANDS`` says which
command fitted each game's weights.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {
    'battle_spirits': (1.4725, 0.9552, 0.3894, 0.0000, 0.5947, 0.3268, 0.0000, 1.0901, 0.3248,),
    'duel_masters': (0.4017, 0.0000, 0.3111, 0.1783, 0.8585, 0.0407,),
    'force_of_will': (0.7618, 0.7854, 0.0000, 0.2551, 2.3511, 0.9141,),
    'one_piece': (1.1881, 0.8116, 0.1504, 0.0895, 0.5659,),
    'yugioh': (0.5350, 0.5346, 0.0000, 0.0000, 0.5353, 0.0000, 0.2562,),
}

COMMANDS: dict[str, str] = {
    'battle_spirits': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions --game battle_spirits',
    'duel_masters': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'force_of_will': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'one_piece': 'python benchmarks/fit_evaluation.py --games 300 --weigh positions',
    'yugioh': 'python benchmarks/fit_evaluation.py --games 300 --game yugioh',
}
