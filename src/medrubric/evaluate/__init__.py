"""The evaluation engine: generate answers, grade criteria, score runs."""
