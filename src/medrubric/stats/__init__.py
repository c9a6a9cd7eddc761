"""Statistics used across medrubric, each checked against an independent implementation.

See docs/statistics.md for definitions and the conventions for degenerate input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from medrubric.lazy import lazy_getattr

if TYPE_CHECKING:
    from medrubric.stats.agreement import (
        AgreementResult,
        cohen_kappa,
        fleiss_kappa,
        gwet_ac1,
        gwet_ac1_from_sums,
        gwet_ac1_terms,
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

# Public name -> submodule that defines it; loaded on first access.
_EXPORTS = {
    "AgreementResult": "agreement",
    "cohen_kappa": "agreement",
    "fleiss_kappa": "agreement",
    "gwet_ac1": "agreement",
    "gwet_ac1_from_sums": "agreement",
    "gwet_ac1_terms": "agreement",
    "raw_agreement": "agreement",
    "macro_f1": "classification",
    "binary_table": "confusion",
    "cohen_kappa_table": "confusion",
    "gwet_ac1_table": "confusion",
    "healthbench_f1_table": "confusion",
    "healthbench_f1_weight": "confusion",
    "macro_f1_table": "confusion",
    "CorrelationResult": "correlation",
    "average_ranks": "correlation",
    "kendall_tau_b": "correlation",
    "partial_corr": "correlation",
    "pearson": "correlation",
    "spearman": "correlation",
    "bootstrap_ci": "intervals",
    "bootstrap_distribution": "intervals",
    "cluster_bootstrap_ci": "intervals",
    "cluster_bootstrap_distribution": "intervals",
    "cluster_totals_ci": "intervals",
    "cluster_totals_distribution": "intervals",
    "defined_percentile_interval": "intervals",
    "paired_bootstrap_diff_ci": "intervals",
    "percentile_interval": "intervals",
    "wilson_interval": "intervals",
    "PairedAUROC": "paired",
    "pair_outcomes": "paired",
    "paired_auroc": "paired",
    "paired_auroc_ci": "paired",
    "PermutationResult": "permutation",
    "permutation_test_diff": "permutation",
    "top_k": "ranking",
    "top_k_overlap": "ranking",
    "jaccard": "sets",
}

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
    "gwet_ac1_from_sums",
    "gwet_ac1_table",
    "gwet_ac1_terms",
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

__getattr__ = lazy_getattr(__name__, _EXPORTS)
