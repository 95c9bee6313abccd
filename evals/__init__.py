"""Evaluation harnesses: ``python -m evals <harness> ...`` (retrieve, suggest, guard, chat)."""
