"""medrubric: live, evidence-checked, rubric-graded evaluation of medical LLMs."""

__version__ = "0.1.0"
