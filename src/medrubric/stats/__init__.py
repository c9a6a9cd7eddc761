"""Statistics used across medrubric, each checked against an independent implementation.

See docs/statistics.md for definitions and the conventions for degenerate input.
"""

from medrubric.stats.agreement import (
    AgreementResult,
    cohen_kappa,
    fleiss_kappa,
    gwet_ac1,
    raw_agreement,
)
from medrubric.stats.classification import macro_f1
from medrubric.stats.confusion import (
    binary_table,
    cohen_kappa_table,
    gwet_ac1_table,
    healthbench_f1_table,
    healthbench_f1_weight,
    macro_f1_table,
)
from medrubric.stats.correlation import (
    CorrelationResult,
    average_ranks,
    kendall_tau_b,
    partial_corr,
    pearson,
    spearman,
)
from medrubric.stats.intervals import (
    bootstrap_ci,
    bootstrap_distribution,
    cluster_bootstrap_ci,
    cluster_bootstrap_distribution,
    cluster_totals_ci,
    cluster_totals_distribution,
    defined_percentile_interval,
    paired_bootstrap_diff_ci,
    percentile_interval,
    wilson_interval,
)
from medrubric.stats.paired import PairedAUROC, pair_outcomes, paired_auroc, paired_auroc_ci
from medrubric.stats.permutation import PermutationResult, permutation_test_diff
from medrubric.stats.ranking import top_k, top_k_overlap
from medrubric.stats.sets import jaccard

__all__ = [
    "AgreementResult",
    "CorrelationResult",
    "PairedAUROC",
    "PermutationResult",
    "average_ranks",
    "binary_table",
    "bootstrap_ci",
    "bootstrap_distribution",
    "cluster_bootstrap_ci",
    "cluster_bootstrap_distribution",
    "cluster_totals_ci",
    "cluster_totals_distribution",
    "cohen_kappa",
    "cohen_kappa_table",
    "defined_percentile_interval",
    "fleiss_kappa",
    "gwet_ac1",
    "gwet_ac1_table",
    "healthbench_f1_table",
    "healthbench_f1_weight",
    "jaccard",
    "kendall_tau_b",
    "macro_f1",
    "macro_f1_table",
    "pair_outcomes",
    "paired_auroc",
    "paired_auroc_ci",
    "paired_bootstrap_diff_ci",
    "partial_corr",
    "pearson",
    "percentile_interval",
    "permutation_test_diff",
    "raw_agreement",
    "spearman",
    "top_k",
    "top_k_overlap",
    "wilson_interval",
]
