"""Agents that choose actions from a player's observation: random and rule-based."""

from tcg.agents.base import Agent, agent_names, agent_seed, make_agent
from tcg.agents.random_agent import RandomAgent, TypeRandomAgent
from tcg.agents.rule_agent import RuleAgent, Strategy, register_strategy

__all__ = ["Agent", "RandomAgent", "RuleAgent", "Strategy", "TypeRandomAgent", "agent_names", "agent_seed",
           "make_agent", "register_strategy"]
