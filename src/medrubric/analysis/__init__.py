"""Findings from run directories: contamination, strata, errors, thresholds, grader agreement."""
