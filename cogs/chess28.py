"""Slash commands for Chess28 (placeholder until written)."""
