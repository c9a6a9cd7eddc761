"""Rubric blind-spot audit: error injection, paired AUROC and retrieval-grounded fact checks."""
